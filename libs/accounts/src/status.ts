import { TABLES, type AccountStateRow, type Knex } from '@datasync/db';

/**
 * An account's status (DESIGN §5): `deleting` and `paused` come from the account row; the others
 * from the loader's state row, `pending` while the loader has written none.
 */
export const ACCOUNT_STATUSES = ['pending', 'idle', 'loading', 'live', 'error', 'paused', 'deleting'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export type LoaderStatus = 'idle' | 'loading' | 'live' | 'error';

export interface CollectionProgress {
  resource: string;
  table: string;
  status: string;
  rowsLoaded: number;
}

/** What the loader knows about an account. */
export interface LoaderState {
  status: LoaderStatus;
  /** Why the account is in `error`, for a person to read. */
  reason: string | null;
  lastSyncedAt: Date | null;
  collections: CollectionProgress[];
}

// What the loader keeps per collection in account_states.progress (see the loader's refreshProgress).
interface ProgressItem {
  table?: string;
  resource_type?: string;
  status?: string;
  rows_written?: number | string;
}

// A collection's backfill run, in the words of the account's own status.
const COLLECTION_STATUS: Record<string, string> = { running: 'loading', completed: 'live', cancelled: 'cancelled' };

/**
 * The loader's state of each account, by account id, from its `account_states` row. An account
 * the loader has not reached yet (no row, or a row still `pending`) has no state: it reads as
 * `pending`.
 */
export async function readLoaderStates(db: Knex | Knex.Transaction, accountIds: string[]): Promise<Map<string, LoaderState>> {
  const states = new Map<string, LoaderState>();
  if (accountIds.length === 0) return states;
  const rows = (await db(TABLES.accountStates)
    .whereIn('account_id', accountIds)
    .select('account_id', 'status', 'reason', 'last_synced_at', 'progress')) as Pick<
    AccountStateRow,
    'account_id' | 'status' | 'reason' | 'last_synced_at' | 'progress'
  >[];
  for (const row of rows) {
    if (row.status === 'pending') continue;
    const collections = Object.values(row.progress as Record<string, ProgressItem>)
      .map((item) => ({
        resource: item.resource_type ?? '',
        table: item.table ?? '',
        status: COLLECTION_STATUS[item.status ?? ''] ?? item.status ?? 'pending',
        rowsLoaded: Number(item.rows_written ?? 0),
      }))
      .sort((a, b) => (a.resource === b.resource ? a.table.localeCompare(b.table) : a.resource.localeCompare(b.resource)));
    states.set(row.account_id, {
      status: row.status,
      reason: row.status === 'error' ? row.reason : null,
      lastSyncedAt: row.last_synced_at,
      collections,
    });
  }
  return states;
}

/**
 * Narrows an accounts query (alias `a`) to active, not deleting accounts with this loader-derived
 * status, read from `account_states` exactly as readLoaderStates reads it.
 */
export function whereLoaderStatus(query: Knex.QueryBuilder, status: Exclude<AccountStatus, 'paused' | 'deleting'>): Knex.QueryBuilder {
  const stateOf = (sub: Knex.QueryBuilder) => sub.select(1).from(`${TABLES.accountStates} as ls`).whereRaw('ls.account_id = a.id');
  if (status === 'pending') return query.whereNotExists((sub) => void stateOf(sub).whereNot('ls.status', 'pending'));
  return query.whereExists((sub) => void stateOf(sub).where('ls.status', status));
}

export function deriveStatus(account: { active: boolean; deletingAt: Date | null }, loader: LoaderState | undefined): AccountStatus {
  if (account.deletingAt) return 'deleting';
  if (!account.active) return 'paused';
  return loader?.status ?? 'pending';
}

/** Applies a status filter to an accounts query aliased `a`. */
export function whereStatus(query: Knex.QueryBuilder, status: AccountStatus): Knex.QueryBuilder {
  if (status === 'deleting') return query.whereNotNull('a.deleting_at');
  query.whereNull('a.deleting_at');
  if (status === 'paused') return query.where('a.active', false);
  return whereLoaderStatus(query.where('a.active', true), status);
}
