import { primaryKey, tableColumns, tableName } from '../../ddl/tableColumns';
import { DestinationError } from '../../errors';
import type { EnsureTableResult, TableSpec } from '../operations';
import type { SqlEngine, SqlHandle } from '../types';
import { sqlFailure } from './sqlFailure';

// Concurrent CREATE TABLE IF NOT EXISTS can still collide in Postgres (on the row type: 42710,
// or 23505 in pg_type), and two loaders may add the same column at once. Either way the other
// one did what we wanted.
const alreadyDoneCodes = new Set(['42P07', '42710', '23505', '42701', 'ER_TABLE_EXISTS_ERROR', 'ER_DUP_FIELDNAME']);
const alreadyDone = (err: unknown): boolean => alreadyDoneCodes.has(String((err as { code?: unknown }).code));

async function existingColumns(handle: SqlHandle, engine: SqlEngine, schema: string, table: string): Promise<Set<string>> {
  const { rows } = await handle.query(engine.dialect.listColumns(), [schema, table]);
  return new Set(rows.map((r) => String(r.column_name)));
}

/** Whether the table exists: it has columns. */
export async function sqlTableExists(engine: SqlEngine, handle: SqlHandle, schema: string, table: string): Promise<boolean> {
  return (await existingColumns(handle, engine, schema, table)).size > 0;
}

async function run(engine: SqlEngine, handle: SqlHandle, schema: string, spec: TableSpec): Promise<EnsureTableResult> {
  const { dialect } = engine;
  const table = tableName(spec);
  const columns = tableColumns(dialect, spec);

  let existing = await existingColumns(handle, engine, schema, table);
  const created = existing.size === 0;
  if (created) {
    await handle.query(dialect.createTable(schema, table, columns, primaryKey)).catch((err: unknown) => {
      if (!alreadyDone(err)) throw err;
    });
    existing = await existingColumns(handle, engine, schema, table);
  }
  // Adding only what is missing: ALTER TABLE takes an exclusive lock even when it changes nothing.
  const missing = columns.filter((c) => !existing.has(c.name));
  if (missing.length > 0) {
    await handle.query(dialect.addColumns(schema, table, missing)).catch((err: unknown) => {
      if (!alreadyDone(err)) throw err;
    });
  }
  return { created, addedColumns: created ? [] : missing.map((c) => c.name) };
}

/**
 * Creates the spec's table in `schema` if it does not exist (primary key (account_id, id),
 * the common columns, the typed columns), then adds the columns the spec gained since.
 * Idempotent, safe to run concurrently. Throws DestinationError.
 */
export async function ensureSqlTable(engine: SqlEngine, handle: SqlHandle, schema: string, spec: TableSpec): Promise<EnsureTableResult> {
  try {
    return await run(engine, handle, schema, spec);
  } catch (err) {
    const action = `creating or altering the table ${spec.table}`;
    const failure = err instanceof DestinationError ? undefined : engine.classifyError(err);
    if (failure?.code === 'privilege') {
      // The server's own words name the object; the check names the exact privilege up front.
      const detail = failure.detail ?? 'permission denied';
      throw new DestinationError('privilege', `${engine.label} refused ${action} in "${schema}" (${detail}).`, err);
    }
    throw sqlFailure(engine, schema, action, err);
  }
}
