import { TABLES, type Knex } from '@datasync/db';

type Db = Knex | Knex.Transaction;

export type RunStatus = 'running' | 'completed' | 'cancelled';

/** A backfill of one account into one destination table over a frozen `created` range. */
export interface Run {
  id: string;
  environmentId: string;
  accountId: string;
  syncId: string;
  collectionId: string;
  destinationId: string;
  tableName: string;
  resourceType: string;
  status: RunStatus;
  /** Unix seconds, inclusive: the account's creation. */
  lowerBound: number;
  /** Unix seconds, exclusive, frozen at the start: incremental sync takes over from here. */
  upperBound: number;
  planned: boolean;
  startedAt: Date;
  completedAt: Date | null;
}

export interface RunRow {
  id: string;
  environment_id: string;
  account_id: string;
  sync_id: string;
  collection_id: string;
  destination_id: string;
  table_name: string;
  resource_type: string;
  kind: string;
  status: RunStatus;
  lower_bound: string;
  upper_bound: string;
  planned: boolean;
  started_at: Date;
  completed_at: Date | null;
}

export function toRun(row: RunRow): Run {
  return {
    id: row.id,
    environmentId: row.environment_id,
    accountId: row.account_id,
    syncId: row.sync_id,
    collectionId: row.collection_id,
    destinationId: row.destination_id,
    tableName: row.table_name,
    resourceType: row.resource_type,
    status: row.status,
    lowerBound: Number(row.lower_bound),
    upperBound: Number(row.upper_bound),
    planned: row.planned,
    startedAt: row.started_at,
    completedAt: row.completed_at,
  };
}

export interface NewRun {
  environmentId: string;
  accountId: string;
  syncId: string;
  collectionId: string;
  destinationId: string;
  tableName: string;
  resourceType: string;
  lowerBound: number;
  upperBound: number;
}

export type StartedRun = { kind: 'started' | 'resumed'; run: Run } | { kind: 'already_loaded'; run: Run };

/**
 * Starts the backfill of (account, destination, table), or returns the one already running: the
 * partial unique index `runs_one_active` decides between racing callers. A completed run means
 * the backfill is done (incremental sync's business from then on): nothing new starts. Segment 0
 * is created with the run and covers the whole range until the run is planned.
 */
export async function startRun(knex: Knex, values: NewRun): Promise<StartedRun> {
  return knex.transaction(async (trx) => {
    const inserted = (await trx.raw(
      `insert into ${TABLES.runs} (environment_id, account_id, sync_id, collection_id, destination_id, table_name, resource_type, status, lower_bound, upper_bound)
       select :environmentId, :accountId, :syncId, :collectionId, :destinationId, :tableName, :resourceType, 'running', :lowerBound, :upperBound
       where not exists (
         select 1 from ${TABLES.runs}
         where account_id = :accountId and destination_id = :destinationId and table_name = :tableName and status = 'completed'
       )
       on conflict (account_id, destination_id, table_name) where status = 'running' do nothing
       returning *`,
      { ...values },
    )) as { rows: RunRow[] };
    const row = inserted.rows[0];
    if (row) {
      await trx(TABLES.segments).insert({
        run_id: row.id,
        n: 0,
        account_id: row.account_id,
        created_gte: row.lower_bound,
        created_lt: row.upper_bound,
      });
      return { kind: 'started', run: toRun(row) };
    }
    const existing = (await trx(TABLES.runs)
      .where({ account_id: values.accountId, destination_id: values.destinationId, table_name: values.tableName })
      .whereIn('status', ['running', 'completed'])
      .orderByRaw("status = 'running' desc, started_at desc")
      .first()) as RunRow | undefined;
    if (!existing) throw new Error('run neither inserted nor found');
    return existing.status === 'running' ? { kind: 'resumed', run: toRun(existing) } : { kind: 'already_loaded', run: toRun(existing) };
  });
}

export async function findRun(db: Db, id: string): Promise<Run | undefined> {
  const row = (await db(TABLES.runs).where({ id }).first()) as RunRow | undefined;
  return row && toRun(row);
}

/** Why a segment job should stop at the next page boundary, or null while it may go on. */
export type StopReason = 'run_gone' | 'run_finished' | 'account_inactive' | 'collection_unmounted';

/**
 * Whether a run may keep loading: its account active and not being deleted, its collection still
 * mounted, its sync still there (deleting a sync removes the run through the cascade).
 */
export async function stopReason(db: Db, runId: string): Promise<StopReason | null> {
  const row = (await db(`${TABLES.runs} as r`)
    .join(`${TABLES.accounts} as a`, 'a.id', 'r.account_id')
    .join(`${TABLES.collections} as c`, 'c.id', 'r.collection_id')
    .where('r.id', runId)
    .first('r.status', 'a.active', 'a.deleting_at', 'c.unmounted_at')) as
    | { status: RunStatus; active: boolean; deleting_at: Date | null; unmounted_at: Date | null }
    | undefined;
  if (!row) return 'run_gone';
  if (row.status !== 'running') return 'run_finished';
  if (!row.active || row.deleting_at !== null) return 'account_inactive';
  if (row.unmounted_at !== null) return 'collection_unmounted';
  return null;
}

/** Whether the run is still open though every segment is done: the moment to close it. */
export async function isFinishedButOpen(db: Db, runId: string): Promise<boolean> {
  const row = await db(TABLES.runs)
    .where({ id: runId, status: 'running', planned: true })
    .whereNotExists(function unfinished() {
      this.select(1).from(TABLES.segments).where('run_id', runId).whereNot('status', 'done');
    })
    .first('id');
  return row !== undefined;
}

/** Marks the run completed once every segment is done; true when this call completed it. */
export async function completeRunIfDone(db: Db, runId: string): Promise<boolean> {
  const completed = await db(TABLES.runs)
    .where({ id: runId, status: 'running', planned: true })
    .whereNotExists(function unfinished() {
      this.select(1).from(TABLES.segments).where('run_id', runId).whereNot('status', 'done');
    })
    .update({ status: 'completed', completed_at: db.fn.now(), updated_at: db.fn.now() });
  return completed > 0;
}

/** Running runs whose segments are all done (a crash between the last segment and the run's end). */
export async function finishedButOpenRuns(db: Db, limit: number): Promise<{ id: string; accountId: string }[]> {
  const rows = (await db(`${TABLES.runs} as r`)
    .where({ 'r.status': 'running', 'r.planned': true })
    .whereNotExists(function unfinished() {
      this.select(1).from(`${TABLES.segments} as s`).whereRaw('s.run_id = r.id').whereNot('s.status', 'done');
    })
    .limit(limit)
    .select('r.id', 'r.account_id')) as { id: string; account_id: string }[];
  return rows.map((r) => ({ id: r.id, accountId: r.account_id }));
}
