import { TABLES, type Knex } from '@datasync/db';
import type { RunStatus } from './runStates';

type Db = Knex | Knex.Transaction;

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
    { status: RunStatus; active: boolean; deleting_at: Date | null; unmounted_at: Date | null } | undefined;
  if (!row) return 'run_gone';
  if (row.status !== 'running') return 'run_finished';
  if (!row.active || row.deleting_at !== null) return 'account_inactive';
  if (row.unmounted_at !== null) return 'collection_unmounted';
  return null;
}
