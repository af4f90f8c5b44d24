import { TABLES, type Knex } from '@datasync/db';
import { RUN_TRANSITIONS, runFrom } from './runStates';

type Db = Knex | Knex.Transaction;

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

/** `complete`: once every segment is done; true when this call completed it. */
export async function completeRunIfDone(db: Db, runId: string): Promise<boolean> {
  const completed = await db(TABLES.runs)
    .where({ id: runId, planned: true })
    .whereIn('status', runFrom('complete'))
    .whereNotExists(function unfinished() {
      this.select(1).from(TABLES.segments).where('run_id', runId).whereNot('status', 'done');
    })
    .update({ status: RUN_TRANSITIONS.complete.to, completed_at: db.fn.now(), updated_at: db.fn.now() });
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
