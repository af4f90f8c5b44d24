import { primaryKey, tableName } from '../../ddl/tableColumns';
import { jsonText } from '../../writers/jsonText';
import type { DeletedObject, MarkDeletedOptions, PurgeOptions, StoredVersionsOptions, UnseenRowsOptions } from '../operations';
import type { SqlEngine, SqlHandle } from '../types';
import { sqlFailure } from './sqlFailure';
import { inTransaction } from './transaction';

const deletedColumns = ['id', 'account_id', 'data', '_source_ts', '_synced_at', '_deleted'];
// On a conflict only these change: the row keeps its last known data and typed columns.
const deletedUpdates = ['_source_ts', '_synced_at', '_deleted'];
const CHUNK = 500;
// Few enough bound values for either engine in one statement.
const IDS_PER_READ = 500;

/**
 * Soft-deletes objects known only by id (a deletion whose event carries no object; with the
 * object at hand, writeBatch with `deleted: true` does the same and refreshes the data). Guarded
 * by `_source_ts` like every write, and it inserts a tombstone for an object never loaded, so an
 * older read of it arriving later cannot bring it back. One transaction; returns the rows given.
 */
export async function markSqlDeleted(engine: SqlEngine, handle: SqlHandle, options: MarkDeletedOptions): Promise<{ marked: number }> {
  const { schema, objects } = options;
  const table = tableName(options.spec);
  const { dialect } = engine;
  if (objects.length === 0) return { marked: 0 };
  const syncedAt = new Date();
  // One row per key (a key twice in one statement fails in Postgres), the latest deletion kept.
  const latest = new Map<string, DeletedObject>();
  for (const o of objects) {
    const key = `${o.accountId}\0${o.id}`;
    const seen = latest.get(key);
    if (!seen || seen.sourceTs.getTime() <= o.sourceTs.getTime()) latest.set(key, o);
  }
  const unique = [...latest.values()];
  try {
    await inTransaction(handle, async () => {
      for (let start = 0; start < unique.length; start += CHUNK) {
        const chunk = unique.slice(start, start + CHUNK);
        const values = chunk.flatMap((o) => [o.id, o.accountId, jsonText({ id: o.id, deleted: true }), o.sourceTs, syncedAt, true]);
        await handle.query(dialect.upsertRows(schema, table, deletedColumns, primaryKey, chunk.length, deletedUpdates), values);
      }
    });
  } catch (err) {
    throw sqlFailure(engine, schema, `marking rows deleted in the table ${table}`, err);
  }
  return { marked: unique.length };
}

/**
 * Deletes every row of one account from one table, in batches, and returns how many went.
 * Batches keep each transaction's locks and undo short on a large table that other accounts
 * keep writing to. It stops only when a batch finds nothing: a short batch does not prove the
 * account empty while a concurrent purge (a retried job) deletes the same rows.
 */
export async function purgeSqlAccount(engine: SqlEngine, handle: SqlHandle, options: PurgeOptions): Promise<number> {
  const { schema, table, accountId, batchSize } = options;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError('purgeAccount: batchSize must be a positive integer');
  const sql = engine.dialect.purgeAccountBatch(schema, table, batchSize);
  let total = 0;
  try {
    for (;;) {
      const { rowCount } = await handle.query(sql, [accountId]);
      if (rowCount === 0) return total;
      total += rowCount;
      options.onBatch?.(total);
    }
  } catch (err) {
    throw sqlFailure(engine, schema, `purging an account's rows from the table ${table}`, err);
  }
}

function toMs(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  return Date.parse(String(value));
}

/** The `_source_ts` (epoch ms) the table holds for each of the account's ids that has a row. */
export async function readSqlStoredVersions(
  engine: SqlEngine,
  handle: SqlHandle,
  options: StoredVersionsOptions,
): Promise<Map<string, number>> {
  const { schema, table, accountId, ids } = options;
  const { dialect } = engine;
  const q = dialect.quoteIdent;
  const found = new Map<string, number>();
  try {
    for (let start = 0; start < ids.length; start += IDS_PER_READ) {
      const chunk = ids.slice(start, start + IDS_PER_READ);
      const list = chunk.map((_, i) => dialect.placeholder(i + 2)).join(', ');
      const sql =
        `SELECT ${q('id')} AS id, ${q('_source_ts')} AS source_ts FROM ${dialect.table(schema, table)} ` +
        `WHERE ${q('account_id')} = ${dialect.placeholder(1)} AND ${q('id')} IN (${list})`;
      const { rows } = await handle.query(sql, [accountId, ...chunk]);
      for (const row of rows) found.set(String(row.id), toMs(row.source_ts));
    }
  } catch (err) {
    throw sqlFailure(engine, schema, `reading stored versions in the table ${table}`, err);
  }
  return found;
}

/** Marks deleted the account's live rows whose state is older than `before`; returns how many. */
export async function markSqlUnseenDeleted(engine: SqlEngine, handle: SqlHandle, options: UnseenRowsOptions): Promise<number> {
  const { schema, table, accountId, before } = options;
  const { dialect } = engine;
  const q = dialect.quoteIdent;
  const p = dialect.placeholder;
  const sql =
    `UPDATE ${dialect.table(schema, table)} SET ${q('_deleted')} = ${p(1)}, ${q('_synced_at')} = ${p(2)} ` +
    `WHERE ${q('account_id')} = ${p(3)} AND ${q('_deleted')} = ${p(4)} AND ${q('_source_ts')} < ${p(5)}`;
  try {
    const { rowCount } = await handle.query(sql, [true, new Date(), accountId, false, before]);
    return rowCount;
  } catch (err) {
    throw sqlFailure(engine, schema, `marking rows a resync did not see as deleted in the table ${table}`, err);
  }
}
