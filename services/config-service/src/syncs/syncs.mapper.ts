import { toCollectionSummaryJson } from '../collections/collections.mapper';
import type { SyncOverview } from './syncs.service';
import type { Sync } from './syncs.repository';

export function toSyncJson(sync: Sync) {
  return {
    id: sync.id,
    name: sync.name,
    source: { name: sync.sourceName, provider: sync.provider },
    destination: { name: sync.destinationName, engine: sync.destinationEngine },
    created_at: sync.createdAt.toISOString(),
  };
}

export function toSyncOverviewJson(overview: SyncOverview) {
  return {
    ...toSyncJson(overview.sync),
    collections: overview.collections.map(toCollectionSummaryJson),
    accounts: { total: overview.accounts.total, active: overview.accounts.active },
    rows_loaded: overview.activity.rowsLoaded,
    last_activity_at: overview.activity.lastActivityAt?.toISOString() ?? null,
  };
}
