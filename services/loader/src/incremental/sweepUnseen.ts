import { getEngine } from '@datasync/destinations';
import { runStatement, type TableRef } from './destinationSql';

/**
 * Ends a resync: every row of the account that the resync did not rewrite and whose state is
 * older than the resync's start is an object the provider no longer lists, so it is marked
 * deleted. Until this runs the old rows stay as they were (readable, never emptied), which is
 * what lets a resync "swap in only when complete". Rows with a newer state (an event dated by a
 * provider clock ahead of ours) are left alone. Idempotent; returns the rows marked.
 */
export async function sweepUnseen(ref: TableRef, accountId: string, before: Date): Promise<number> {
  const { dialect } = getEngine(ref.handle.engine);
  const q = dialect.quoteIdent;
  const sql =
    `UPDATE ${dialect.table(ref.schema, ref.table)} SET ${q('_deleted')} = ${dialect.placeholder(1)}, ${q('_synced_at')} = ${dialect.placeholder(2)} ` +
    `WHERE ${q('account_id')} = ${dialect.placeholder(3)} AND ${q('_deleted')} = ${dialect.placeholder(4)} AND ${q('_source_ts')} < ${dialect.placeholder(5)}`;
  const { rowCount } = await runStatement(ref, 'marking rows a resync did not see as deleted', sql, [true, new Date(), accountId, false, before]);
  return rowCount;
}
