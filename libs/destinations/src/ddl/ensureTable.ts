import type { CatalogResource } from '@datasync/providers';
import { DestinationError } from '../errors';
import { getEngine } from '../engines/registry';
import { ensureS3Table } from '../engines/s3/s3Schema';
import type { DestinationHandle, EngineName, SqlEngineName, SqlHandle } from '../engines/types';
import { failureMessage } from '../failureMessages';
import { primaryKey, tableColumns, tableName } from './tableColumns';

export interface EnsureTableResult {
  /** The table did not exist before. */
  created: boolean;
  /** Columns added to an existing table because the catalog gained them. */
  addedColumns: string[];
}

/** The subset of a catalog resource the DDL reads. */
export type TableSpec = Pick<CatalogResource, 'table' | 'columns'>;

// Concurrent CREATE TABLE IF NOT EXISTS can still collide in Postgres (on the row type: 42710,
// or 23505 in pg_type), and two loaders may add the same column at once. Either way the other
// one did what we wanted.
const alreadyDoneCodes = new Set(['42P07', '42710', '23505', '42701', 'ER_TABLE_EXISTS_ERROR', 'ER_DUP_FIELDNAME']);
const alreadyDone = (err: unknown): boolean => alreadyDoneCodes.has(String((err as { code?: unknown }).code));

async function existingColumns(handle: SqlHandle, engine: SqlEngineName, schema: string, table: string): Promise<Set<string>> {
  const { rows } = await handle.query(getEngine(engine).dialect.listColumns(), [schema, table]);
  return new Set(rows.map((r) => String(r.column_name)));
}

async function run(handle: SqlHandle, engine: SqlEngineName, schema: string, resource: TableSpec): Promise<EnsureTableResult> {
  const { dialect } = getEngine(engine);
  const table = tableName(resource);
  const columns = tableColumns(dialect, resource);

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
 * Creates the resource's table in `schema` if it does not exist (primary key (account_id, id),
 * the common columns, the typed columns), then adds the columns the catalog gained since.
 * Idempotent, safe to run concurrently. Throws DestinationError. For s3 (`schema` is the key
 * prefix) it writes the table's `_schema.json` instead: see ensureS3Table.
 */
export async function ensureTable(
  handle: DestinationHandle,
  engine: EngineName,
  schema: string,
  resource: TableSpec,
): Promise<EnsureTableResult> {
  if (handle.engine !== engine) throw new Error(`ensureTable: a ${handle.engine} handle given for ${engine}`);
  if (handle.engine === 's3') return ensureS3Table(handle, schema, resource);
  try {
    return await run(handle, handle.engine, schema, resource);
  } catch (err) {
    if (err instanceof DestinationError) throw err;
    const definition = getEngine(handle.engine);
    const failure = definition.classifyError(err);
    if (!failure) throw err;
    const action = `creating or altering the table ${resource.table}`;
    const schemaIsDatabase = !definition.acceptsSchemaParameter;
    const ctx = { engineLabel: definition.label, schemaIsDatabase, schema, database: schemaIsDatabase ? schema : undefined, action };
    if (failure.code === 'privilege') {
      // The server's own words name the object; the check names the exact privilege up front.
      const detail = failure.detail ?? 'permission denied';
      throw new DestinationError('privilege', `${definition.label} refused ${action} in "${schema}" (${detail}).`, err);
    }
    throw new DestinationError(failure.code, failureMessage(failure, ctx), err);
  }
}
