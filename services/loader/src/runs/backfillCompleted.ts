import { TABLES, type Knex } from '@datasync/db';
import { emitAccountEvent } from '@datasync/webhooks';

/**
 * `account.backfill_completed` once the account's last running run has completed, in the
 * transaction that completes it, with the rows each table's latest run loaded.
 */
export async function emitBackfillCompletedIfLast(trx: Knex.Transaction, accountId: string): Promise<void> {
  const running = await trx(TABLES.runs).where({ account_id: accountId, status: 'running' }).first('id');
  if (running) return;
  const { rows } = (await trx.raw(
    `select r.table_name, coalesce((select sum(s.rows_written) from ${TABLES.segments} s where s.run_id = r.id), 0)::bigint as rows
     from (select distinct on (table_name) * from ${TABLES.runs} where account_id = :accountId and status = 'completed'
           order by table_name, completed_at desc) r
     order by r.table_name`,
    { accountId },
  )) as { rows: { table_name: string; rows: string }[] };
  const tables = Object.fromEntries(rows.map((r) => [r.table_name, Number(r.rows)]));
  await emitAccountEvent(trx, accountId, 'account.backfill_completed', { tables });
}
