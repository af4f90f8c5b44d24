import { TABLES, type AccountStateRow, type Knex } from '@datasync/db';

/**
 * An account's status (docs/accounts-api.md, Status): `deleting` and `paused` come from the account row; the others
 * from the loader's state row, `pending` while the loader has written none.
 */
export const ACCOUNT_STATUSES = ['pending', 'idle', 'loading', 'live', 'error', 'paused', 'deleting'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export type LoaderStatus = 'idle' | 'loading' | 'live' | 'error';

/** Part of a collection its run could not read while it loaded the rest (docs/accounts-api.md, Status). */
export interface CollectionWarning {
  code: string;
  message: string;
}

export interface CollectionProgress {
  resource: string;
  table: string;
  status: string;
  rowsLoaded: number;
  warnings: CollectionWarning[];
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
  warnings?: unknown;
}

const isWarning = (value: unknown): value is CollectionWarning =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CollectionWarning).code === 'string' &&
  typeof (value as CollectionWarning).message === 'string';

// Written before runs kept warnings, an item has none.
const warningsOf = (item: ProgressItem): CollectionWarning[] =>
  Array.isArray(item.warnings) ? item.warnings.filter(isWarning).map(({ code, message }) => ({ code, message })) : [];

// A collection's backfill run, in the words of the account's own status.
const COLLECTION_STATUS: Record<string, string> = { running: 'loading', completed: 'live', cancelled: 'cancelled' };

type StateColumns = Pick<AccountStateRow, 'status' | 'reason' | 'last_synced_at' | 'progress'>;

/** The loader's state in one `account_states` row; none while the row is still `pending`. */
function toLoaderState(row: StateColumns): LoaderState | undefined {
  if (row.status === 'pending') return undefined;
  const collections = Object.values(row.progress as Record<string, ProgressItem>)
    .map((item) => ({
      resource: item.resource_type ?? '',
      table: item.table ?? '',
      status: COLLECTION_STATUS[item.status ?? ''] ?? item.status ?? 'pending',
      rowsLoaded: Number(item.rows_written ?? 0),
      warnings: warningsOf(item),
    }))
    .sort((a, b) => (a.resource === b.resource ? a.table.localeCompare(b.table) : a.resource.localeCompare(b.resource)));
  return {
    status: row.status,
    reason: row.status === 'error' ? row.reason : null,
    lastSyncedAt: row.last_synced_at,
    collections,
  };
}

/** What joinLoaderState adds to each row: the state row's columns, null where there is none. */
export interface JoinedStateColumns {
  state_status: AccountStateRow['status'] | null;
  state_reason: string | null;
  state_last_synced_at: Date | null;
  state_progress: Record<string, unknown> | null;
}

/**
 * Adds the loader's state row (alias `st`) to an accounts query (alias `a`): an account and its
 * status in one round trip, the read path of `GET /accounts`.
 */
export function joinLoaderState(query: Knex.QueryBuilder): Knex.QueryBuilder {
  return query
    .leftJoin(`${TABLES.accountStates} as st`, 'st.account_id', 'a.id')
    .select(
      'st.status as state_status',
      'st.reason as state_reason',
      'st.last_synced_at as state_last_synced_at',
      'st.progress as state_progress',
    );
}

/** The loader's state from the columns joinLoaderState added; none without a row or while `pending`. */
export function joinedLoaderState(row: JoinedStateColumns): LoaderState | undefined {
  if (row.state_status === null) return undefined;
  return toLoaderState({
    status: row.state_status,
    reason: row.state_reason,
    last_synced_at: row.state_last_synced_at,
    progress: row.state_progress ?? {},
  });
}

/**
 * Narrows an accounts query (alias `a`) to active, not deleting accounts with this loader-derived
 * status, read from `account_states` exactly as joinedLoaderState reads it.
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
