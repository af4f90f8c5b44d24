import type { CreatedWindowOptions, StoredState, StoredStatesOptions } from '../operations';
import type { SqlEngine, SqlHandle } from '../types';
import { sameContent } from '../../writers/sameContent';
import { sqlFailure } from './sqlFailure';

// Few enough bound values for either engine in one statement.
const IDS_PER_READ = 500;

function toMs(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  return Date.parse(String(value));
}

// Postgres returns jsonb parsed; MySQL's JSON may arrive as text (and MariaDB's JSON is text).
function toObject(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return JSON.parse(value) as Record<string, unknown>;
  if (Buffer.isBuffer(value)) return JSON.parse(value.toString('utf8')) as Record<string, unknown>;
  return value as Record<string, unknown>;
}

function toBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}

/** The `_source_ts`, `_deleted` and `data` stored for each of the account's ids that has a row. */
export async function readSqlStoredStates(
  engine: SqlEngine,
  handle: SqlHandle,
  options: StoredStatesOptions,
): Promise<Map<string, StoredState>> {
  const { schema, table, accountId, ids } = options;
  const { dialect } = engine;
  const q = dialect.quoteIdent;
  const found = new Map<string, StoredState>();
  try {
    for (let start = 0; start < ids.length; start += IDS_PER_READ) {
      const chunk = ids.slice(start, start + IDS_PER_READ);
      const list = chunk.map((_, i) => dialect.placeholder(i + 2)).join(', ');
      const sql =
        `SELECT ${q('id')} AS id, ${q('_source_ts')} AS source_ts, ${q('_deleted')} AS deleted, ${q('data')} AS data ` +
        `FROM ${dialect.table(schema, table)} WHERE ${q('account_id')} = ${dialect.placeholder(1)} AND ${q('id')} IN (${list})`;
      const { rows } = await handle.query(sql, [accountId, ...chunk]);
      for (const row of rows) {
        // A window's stored objects are kept until it is compared: at most LOADER_VERIFY_WINDOW_OBJECTS.
        const data = toObject(row.data);
        found.set(String(row.id), {
          sourceTs: toMs(row.source_ts),
          deleted: toBoolean(row.deleted),
          holds: (object) => sameContent(data, object),
        });
      }
    }
  } catch (err) {
    throw sqlFailure(engine, schema, `reading stored states in the table ${table}`, err);
  }
  return found;
}

/** The `_source_ts` of the account's live rows whose `created` is in the window. */
export async function readSqlLiveInWindow(
  engine: SqlEngine,
  handle: SqlHandle,
  options: CreatedWindowOptions,
): Promise<Map<string, number>> {
  const { schema, table, accountId, createdGte, createdLt } = options;
  const { dialect } = engine;
  const q = dialect.quoteIdent;
  const p = dialect.placeholder;
  const sql =
    `SELECT ${q('id')} AS id, ${q('_source_ts')} AS source_ts FROM ${dialect.table(schema, table)} ` +
    `WHERE ${q('account_id')} = ${p(1)} AND ${q('_deleted')} = ${p(2)} AND ${q('created')} >= ${p(3)} AND ${q('created')} < ${p(4)}`;
  const found = new Map<string, number>();
  try {
    const { rows } = await handle.query(sql, [accountId, false, createdGte, createdLt]);
    for (const row of rows) found.set(String(row.id), toMs(row.source_ts));
  } catch (err) {
    throw sqlFailure(engine, schema, `reading the rows of a created window in the table ${table}`, err);
  }
  return found;
}
