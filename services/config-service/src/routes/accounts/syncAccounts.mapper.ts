import type { AccountView } from '@datasync/accounts';

/** An account as the Accounts tab shows it: what a person needs to follow it, never its credential. */
export function toSyncAccountJson(account: AccountView) {
  return {
    external_id: account.externalId,
    identifier: account.identifier,
    source: account.sourceName,
    active: account.active,
    status: account.status,
    status_reason: account.statusReason,
    last_synced_at: account.lastSyncedAt?.toISOString() ?? null,
    created_at: account.createdAt.toISOString(),
    collections: account.collections.map((c) => ({
      resource: c.resource,
      table: c.table,
      status: c.status,
      rows_loaded: c.rowsLoaded,
      verified_at: c.verifiedAt?.toISOString() ?? null,
      verified_through: c.verifiedThrough?.toISOString() ?? null,
      drift_found: c.driftFound,
      drift_repaired: c.driftRepaired,
    })),
  };
}
