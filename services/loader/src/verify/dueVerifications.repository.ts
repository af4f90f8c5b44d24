import { TABLES, type Knex } from '@datasync/db';
import type { VerifyScope } from '@datasync/queue';

export interface RollingIntervals {
  /** Minutes between checks of every object; 0: never on schedule. */
  fullMinutes: number;
  /** Minutes between checks of the recent window; 0: never on schedule. */
  recentMinutes: number;
}

export interface DueVerification {
  accountId: string;
  scope: VerifyScope;
}

/**
 * Accounts with a loaded table whose last full check (or, failing that, last recent check) is
 * older than its interval: never verified counts as due. Accounts still loading a table are left
 * to the verification that follows their load, poisoned ones to an operator. The longest-waiting first.
 */
export async function dueVerifications(db: Knex, intervals: RollingIntervals, limit: number): Promise<DueVerification[]> {
  if (intervals.fullMinutes === 0 && intervals.recentMinutes === 0) return [];
  const older = (column: string, minutes: number) =>
    minutes === 0 ? 'false' : `(v.${column} IS NULL OR v.${column} < now() - make_interval(mins => ${Math.floor(minutes)}))`;
  const { rows } = (await db.raw(
    `SELECT r.account_id,
            bool_or(${older('full_verified_at', intervals.fullMinutes)}) AS full_due,
            bool_or(${older('recent_verified_at', intervals.recentMinutes)}) AS recent_due,
            min(coalesce(v.recent_verified_at, 'epoch')) AS waiting_since
       FROM ${TABLES.runs} r
       JOIN ${TABLES.accounts} a ON a.id = r.account_id AND a.active AND a.deleting_at IS NULL
       LEFT JOIN ${TABLES.accountStates} st ON st.account_id = r.account_id
       JOIN ${TABLES.collections} c ON c.id = r.collection_id AND c.unmounted_at IS NULL
       LEFT JOIN ${TABLES.tableVerifications} v
         ON v.account_id = r.account_id AND v.destination_id = r.destination_id AND v.table_name = r.table_name
      WHERE r.status = 'completed' AND st.poisoned_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM ${TABLES.runs} l WHERE l.account_id = r.account_id AND l.status = 'running')
      GROUP BY r.account_id
     HAVING bool_or(${older('full_verified_at', intervals.fullMinutes)})
         OR bool_or(${older('recent_verified_at', intervals.recentMinutes)})
      ORDER BY waiting_since
      LIMIT ?`,
    [limit],
  )) as { rows: { account_id: string; full_due: boolean; recent_due: boolean }[] };
  return rows.map((row) => ({ accountId: row.account_id, scope: row.full_due ? 'full' : 'recent' }));
}

/**
 * Accounts with a check in progress (its walk saved in `current_parts`): their job may have
 * failed or been lost with Redis. The rolling schedule's pass gives them a job again, which goes
 * on from the saved windows; one still queued or running is left alone by the caller. A poisoned
 * account's check waits for an operator: it failed abnormally, and would again on any loader.
 */
export async function interruptedVerifications(db: Knex, limit: number): Promise<DueVerification[]> {
  const rows = (await db(`${TABLES.tableVerifications} as v`)
    .join(`${TABLES.accounts} as a`, 'a.id', 'v.account_id')
    .leftJoin(`${TABLES.accountStates} as st`, 'st.account_id', 'v.account_id')
    .where('a.active', true)
    .whereNull('a.deleting_at')
    .whereNull('st.poisoned_at')
    .whereNotNull('v.current_parts')
    .distinctOn('v.account_id')
    .orderBy([{ column: 'v.account_id' }, { column: 'v.current_scope' }])
    .limit(limit)
    .select('v.account_id', 'v.current_scope')) as { account_id: string; current_scope: VerifyScope }[];
  return rows.map((row) => ({ accountId: row.account_id, scope: row.current_scope }));
}
