import { getEngine } from '@datasync/destinations';
import { runStatement, type TableRef } from './destinationSql';

// Few enough bound values for either engine in one statement.
const CHUNK = 500;

function toMs(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  return Date.parse(String(value));
}

/**
 * The `_source_ts` (epoch ms) the destination holds for each of the account's objects that has a
 * row, by object id: what a change from an event is compared with before it is written.
 */
export async function storedVersions(ref: TableRef, accountId: string, ids: readonly string[]): Promise<Map<string, number>> {
  const { dialect } = getEngine(ref.handle.engine);
  const found = new Map<string, number>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const list = chunk.map((_, i) => dialect.placeholder(i + 2)).join(', ');
    const sql =
      `SELECT ${dialect.quoteIdent('id')} AS id, ${dialect.quoteIdent('_source_ts')} AS source_ts ` +
      `FROM ${dialect.table(ref.schema, ref.table)} WHERE ${dialect.quoteIdent('account_id')} = ${dialect.placeholder(1)} ` +
      `AND ${dialect.quoteIdent('id')} IN (${list})`;
    const { rows } = await runStatement(ref, 'reading stored versions', sql, [accountId, ...chunk]);
    for (const row of rows) found.set(String(row.id), toMs(row.source_ts));
  }
  return found;
}
