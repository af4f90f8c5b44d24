import type { Sync } from './syncs.repository';

export interface SyncAccountCounts {
  /** Accounts registered under the sync's source. */
  total: number;
  active: number;
}

export interface SyncLoadActivity {
  /** Rows written into the destination through this sync; null until the loader reports it. */
  rowsLoaded: number | null;
  lastActivityAt: Date | null;
}

/**
 * What the overview shows beyond configuration. The accounts issue fills `accountCounts` (from
 * libs/accounts, the only reader of the accounts table it owns) and the loader issue fills
 * `loadActivity` (from its runs and account states). Until then the overview says "none yet"
 * rather than guessing; config-service reads neither table itself.
 */
export interface SyncActivityReader {
  accountCounts(sync: Sync): Promise<SyncAccountCounts>;
  loadActivity(sync: Sync): Promise<SyncLoadActivity>;
}

export const noSyncActivityYet: SyncActivityReader = {
  accountCounts: async () => ({ total: 0, active: 0 }),
  loadActivity: async () => ({ rowsLoaded: null, lastActivityAt: null }),
};
