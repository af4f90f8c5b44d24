import type { Knex } from '@datasync/db';

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

/**
 * The loader's state of each account, by account id. The loader issue extends this one function
 * (and whereLoaderStatus below) once its `account_states` table exists; until then no account has
 * a state, so every active account is `pending`.
 */
export async function readLoaderStates(_db: Knex | Knex.Transaction, _accountIds: string[]): Promise<Map<string, LoaderState>> {
  return new Map();
}

/**
 * Narrows an accounts query (alias `a`) to active, not deleting accounts with this loader-derived
 * status. Extended together with readLoaderStates: today only `pending` can match.
 */
export function whereLoaderStatus(query: Knex.QueryBuilder, status: Exclude<AccountStatus, 'paused' | 'deleting'>): Knex.QueryBuilder {
  return status === 'pending' ? query : query.whereRaw('false');
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
