import { TABLES, type Knex } from '@datasync/db';

type Db = Knex | Knex.Transaction;

/** What the reader needs of a sync: config-service passes its own Sync, which has these. */
export interface SyncRef {
  id: string;
  sourceId: string;
}

export interface SyncAccountCounts {
  total: number;
  active: number;
}

export interface SyncLoadActivity {
  /** Rows the loader wrote through the sync; null while it has started no run for it. */
  rowsLoaded: number | null;
  lastActivityAt: Date | null;
}

/**
 * Accounts registered under the sync's source, without those being deleted: their rows are on
 * their way out of the destination, and the Accounts tab shows them as `deleting`, not as loading.
 */
export async function countSyncAccounts(db: Db, sync: SyncRef): Promise<SyncAccountCounts> {
  const row = (await db(TABLES.accounts)
    .where({ source_id: sync.sourceId })
    .whereNull('deleting_at')
    .first(db.raw('count(*)::int as total'), db.raw('(count(*) filter (where active))::int as active'))) as SyncAccountCounts | undefined;
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
}

/**
 * The loader's activity through the sync, from its own bookkeeping: rows are the sum of
 * `segments.rows_written` over the sync's runs, the only rows the loader counts per sync (changes
 * applied from events afterwards are counted as events, per table). A resync's rewrite counts
 * again, and a deleted account's rows leave the count with its runs.
 * The last activity is the latest committed page, completed run, or poll that reached the end
 * of the event stream: what an account's own `last_synced_at` records, narrowed to this sync.
 */
export async function readSyncLoadActivity(db: Db, sync: SyncRef): Promise<SyncLoadActivity> {
  // Runs are found through the sync's collections: runs have an index on collection_id, not on
  // sync_id, and the dashboard asks every two seconds while the Overview is open.
  const { rows } = (await db.raw(
    `with sync_runs as materialized (
       select r.id, r.account_id, r.completed_at from ${TABLES.runs} r
       where r.collection_id in (select c.id from ${TABLES.collections} c where c.sync_id = :syncId))
     select
       (select sum(s.rows_written) from sync_runs r join ${TABLES.segments} s on s.run_id = r.id) as rows_loaded,
       (select count(*) from sync_runs)::int as runs,
       greatest(
         (select max(s.updated_at) from sync_runs r join ${TABLES.segments} s on s.run_id = r.id where s.pages_read > 0),
         (select max(r.completed_at) from sync_runs r),
         (select max(e.polled_at) from ${TABLES.eventCursors} e
           where e.account_id in (select account_id from sync_runs) and e.run_id in (select id from sync_runs))
       ) as last_activity_at`,
    { syncId: sync.id },
  )) as { rows: { rows_loaded: string | null; runs: number; last_activity_at: Date | null }[] };
  const row = rows[0];
  if (!row || row.runs === 0) return { rowsLoaded: null, lastActivityAt: null };
  return { rowsLoaded: Number(row.rows_loaded ?? 0), lastActivityAt: row.last_activity_at };
}

/** The sync overview's reader (config-service's SyncActivityReader), over the tables this library reads. */
export function syncActivityReader(db: Knex) {
  return {
    accountCounts: (sync: SyncRef) => countSyncAccounts(db, sync),
    loadActivity: (sync: SyncRef) => readSyncLoadActivity(db, sync),
  };
}
