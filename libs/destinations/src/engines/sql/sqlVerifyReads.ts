import { DEFAULT_READ_BOUNDS } from '../../bounds/readBounds';
import type { CreatedWindowOptions, StoredState, StoredStatesOptions } from '../operations';
import type { ColumnValue } from '../../tableSpec';
import type { SqlEngine, SqlHandle } from '../types';
import { sameContent } from '../../writers/sameContent';
import { sqlFailure } from './sqlFailure';
import { md5Hex, storedDigest } from './storedDigest';
import { expectedTypedText, holdsTypedValues } from '../../writers/typedColumnText';

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

/**
 * The `_source_ts` and `_deleted` stored for each of the account's ids that has a row, and whether
 * its `data` holds a given object. The destination computes a digest of each `data` (storedDigest):
 * a row whose digest is the expected object's holds it, and only the others' values are fetched
 * and compared as objects (sameContent), so a window of matching rows costs a digest per row, not
 * every stored object. A value over LOADER_READ_MAX_VALUE_BYTES is never fetched: it holds no
 * object but the one whose digest it has (its row is rewritten from the provider's).
 */
export async function readSqlStoredStates(
  engine: SqlEngine,
  handle: SqlHandle,
  options: StoredStatesOptions,
): Promise<Map<string, StoredState>> {
  const { schema, table, accountId, ids, objects } = options;
  const columns = options.columns ?? [];
  const { dialect } = engine;
  const q = dialect.quoteIdent;
  const digest = storedDigest(engine.name);
  const maxValueBytes = (handle.readBounds ?? DEFAULT_READ_BOUNDS).maxValueBytes;
  const found = new Map<string, StoredState>();
  const select = (selected: string, chunk: readonly string[]) => {
    const list = chunk.map((_, i) => dialect.placeholder(i + 2)).join(', ');
    const sql =
      `SELECT ${q('id')} AS id, ${selected} FROM ${dialect.table(schema, table)} ` +
      `WHERE ${q('account_id')} = ${dialect.placeholder(1)} AND ${q('id')} IN (${list})`;
    return handle.query(sql, [accountId, ...chunk]);
  };
  // The typed columns' digest beside `data`'s: a column altered or emptied in the destination is
  // drift too (docs/verification.md), found without sending the values when they hold.
  const typedDigest = columns.length > 0 ? digest.joined(columns.map((c) => digest.typed(q(c.name), c))) : null;
  const valuesOf = (id: string) => options.values?.get(id);
  const expectedTyped = (values: readonly ColumnValue[]) => md5Hex(expectedTypedText(columns, values, digest.text));
  try {
    const toFetch: string[] = [];
    const typedToFetch: string[] = [];
    const stored = new Map<string, { sourceTs: number; deleted: boolean; digest: string; typedDigest: string | null }>();
    for (let start = 0; start < ids.length; start += IDS_PER_READ) {
      const selected =
        `${q('_source_ts')} AS source_ts, ${q('_deleted')} AS deleted, ` +
        `${digest.sql(q('data'))} AS digest, ${digest.bytes(q('data'))} AS bytes` +
        (typedDigest ? `, ${typedDigest} AS typed_digest` : '');
      const { rows } = await select(selected, ids.slice(start, start + IDS_PER_READ));
      for (const row of rows) {
        const id = String(row.id);
        const state = {
          sourceTs: toMs(row.source_ts),
          deleted: toBoolean(row.deleted),
          digest: String(row.digest),
          typedDigest: typedDigest ? String(row.typed_digest) : null,
        };
        stored.set(id, state);
        const object = objects?.get(id);
        const expected = objects?.has(id) ? md5Hex(digest.text(object)) : undefined;
        // A deleted row is never compared by content (compareWindow).
        if (!state.deleted && expected !== state.digest && Number(row.bytes) <= maxValueBytes) toFetch.push(id);
        const expectedValues = valuesOf(id);
        if (!state.deleted && typedDigest && expectedValues && expectedTyped(expectedValues) !== state.typedDigest) typedToFetch.push(id);
      }
    }
    const values = new Map<string, unknown>();
    for (let start = 0; start < toFetch.length; start += IDS_PER_READ) {
      const { rows } = await select(`${q('data')} AS data`, toFetch.slice(start, start + IDS_PER_READ));
      // A window's differing stored objects are kept until it is compared: at most LOADER_VERIFY_WINDOW_OBJECTS.
      for (const row of rows) values.set(String(row.id), toObject(row.data));
    }
    // Typed values whose digest differs, compared value by value (an engine may print a value
    // otherwise than the digest's text: MySQL's JSON reorders keys).
    const typedRows = new Map<string, Record<string, unknown>>();
    for (let start = 0; start < typedToFetch.length; start += IDS_PER_READ) {
      const { rows } = await select(columns.map((c) => q(c.name)).join(', '), typedToFetch.slice(start, start + IDS_PER_READ));
      for (const row of rows) typedRows.set(String(row.id), row);
    }
    for (const [id, state] of stored) {
      const fetched = values.has(id);
      const data = values.get(id);
      const typedRow = typedRows.get(id);
      // The typed columns are compared with the values the provider coerced from the listed object.
      const expectedValues = valuesOf(id);
      const holdsTyped = (): boolean =>
        !typedDigest ||
        !expectedValues ||
        (typedRow
          ? holdsTypedValues(columns, typedRow, expectedValues, digest.text, sameContent)
          : expectedTyped(expectedValues) === state.typedDigest);
      found.set(id, {
        sourceTs: state.sourceTs,
        deleted: state.deleted,
        holds: (object) => (fetched ? sameContent(data, object) : md5Hex(digest.text(object)) === state.digest) && holdsTyped(),
      });
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
