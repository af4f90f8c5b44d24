import type { SyncAccountCounts, SyncLoadActivity } from '@datasync/accounts';
import type { Sync } from './syncs.repository';

export type { SyncAccountCounts, SyncLoadActivity };

/**
 * What the overview shows beyond configuration. libs/accounts reads it (`syncActivityReader`):
 * the accounts table is its own and it already reads the loader's bookkeeping (account states,
 * runs, segments); config-service reads neither.
 */
export interface SyncActivityReader {
  accountCounts(sync: Sync): Promise<SyncAccountCounts>;
  loadActivity(sync: Sync): Promise<SyncLoadActivity>;
}
