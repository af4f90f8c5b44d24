import { TABLES, type Knex } from '@datasync/db';
import type { BackfillStart, Partition, RunPlan } from '@datasync/providers';
import { recordAccountTable } from './accountTables.repository';
import { toRun, type NewRun, type Run, type RunRow } from './runs.repository';
import { RUN_TRANSITIONS, SEGMENT_TRANSITIONS } from './runStates';

type Db = Knex | Knex.Transaction;

export type StartedRun = { kind: 'started' | 'resumed'; run: Run } | { kind: 'already_loaded'; run: Run };

/** What a new run begins with: its snapshot second (unix seconds, exclusive) and the connector's start. */
export interface RunOpening {
  upperBound: number;
  start: BackfillStart;
}

/** The second a run started at `now` freezes: what is created from it on is incremental sync's. */
export const snapshotSecond = (now: Date): number => Math.floor(now.getTime() / 1000) + 1;

/**
 * `start` of a backfill of (account, destination, table), or the one already running: the
 * partial unique index `runs_one_active` decides between racing callers. A completed run means
 * the backfill is done (incremental sync's business from then on): nothing new starts. Segment 0
 * is created with the run and holds the connector's whole first partition until the run is planned.
 */
export async function startBackfillRun(knex: Knex, values: NewRun, opening: RunOpening): Promise<StartedRun> {
  return knex.transaction(async (trx) => {
    const inserted = (await trx.raw(
      `insert into ${TABLES.runs} (environment_id, account_id, sync_id, collection_id, destination_id, table_name, resource_type, status, plan, upper_bound)
       select :environmentId, :accountId, :syncId, :collectionId, :destinationId, :tableName, :resourceType, :status, :plan, :upperBound
       where not exists (
         select 1 from ${TABLES.runs}
         where account_id = :accountId and destination_id = :destinationId and table_name = :tableName and status = 'completed'
       )
       on conflict (account_id, destination_id, table_name) where status = 'running' do nothing
       returning *`,
      { ...values, status: RUN_TRANSITIONS.start.to, plan: JSON.stringify(opening.start.plan), upperBound: opening.upperBound },
    )) as { rows: RunRow[] };
    const row = inserted.rows[0];
    if (row) {
      await recordAccountTable(trx, values);
      await createWholeSegment(trx, row.id, row.account_id, opening.start.partition);
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

export type ResyncStart = { kind: 'started'; run: Run } | { kind: 'running' } | { kind: 'never_loaded' };

/**
 * `start` of a resync of a table already loaded once: a run of kind `resync` up to `upper`, read
 * like a backfill. Its connector starts it from the plan of the table's first run (`begin`), so
 * what that run learned (where the history begins) is not asked again. A table with a running run
 * is left to it (it reads everything anyway); one that never had a run is left to the attach.
 * `withRun` is the caller's own bookkeeping of the resync, in the same transaction: it commits
 * with the run or not at all. `db` may be a transaction (the run is created in a nested one).
 */
export async function startResyncRun(
  db: Db,
  values: NewRun,
  upper: number,
  begin: (previous: RunPlan) => BackfillStart,
  withRun: (trx: Knex.Transaction, run: Run) => Promise<void>,
): Promise<ResyncStart> {
  return db.transaction(async (trx) => {
    const first = (await trx(TABLES.runs)
      .where({ account_id: values.accountId, destination_id: values.destinationId, table_name: values.tableName })
      .orderBy('started_at')
      .first('plan')) as { plan: RunPlan } | undefined;
    if (!first) return { kind: 'never_loaded' };
    const start = begin(first.plan);
    const { rows } = (await trx.raw(
      `insert into ${TABLES.runs} (environment_id, account_id, sync_id, collection_id, destination_id, table_name, resource_type, kind, status, plan, upper_bound)
       values (:environmentId, :accountId, :syncId, :collectionId, :destinationId, :tableName, :resourceType, 'resync', :status, :plan, :upper)
       on conflict (account_id, destination_id, table_name) where status = 'running' do nothing
       returning *`,
      { ...values, status: RUN_TRANSITIONS.start.to, plan: JSON.stringify(start.plan), upper },
    )) as { rows: RunRow[] };
    const row = rows[0];
    if (!row) return { kind: 'running' };
    await recordAccountTable(trx, values);
    await createWholeSegment(trx, row.id, row.account_id, start.partition);
    const run = toRun(row);
    await withRun(trx, run);
    return { kind: 'started', run };
  });
}

/** Segment 0 of a new run: the connector's first partition, until planning shrinks it. */
async function createWholeSegment(trx: Knex.Transaction, runId: string, accountId: string, partition: Partition): Promise<void> {
  await trx(TABLES.segments).insert({
    run_id: runId,
    n: 0,
    account_id: accountId,
    partition: JSON.stringify(partition),
    status: SEGMENT_TRANSITIONS.create.to,
  });
}
