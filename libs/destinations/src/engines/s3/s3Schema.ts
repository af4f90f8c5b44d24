import type { EnsureTableResult, TableSpec } from '../operations';
import { primaryKey } from '../../ddl/tableColumns';
import { blobColumns } from './s3Columns';
import { s3Failure } from './s3Errors';
import type { S3Handle } from './s3Handle';
import { extensions, schemaKey, tableFolder } from './s3Layout';
import { getText, putObject } from './s3Objects';

const SCHEMA_VERSION = 1;

/** The `_schema.json` of a table: what a reader needs to read its part files without us. */
export function schemaDocument(handle: Pick<S3Handle, 'format'>, prefix: string, spec: TableSpec): Record<string, unknown> {
  return {
    version: SCHEMA_VERSION,
    table: spec.table,
    format: handle.format,
    parts: `${tableFolder(prefix, spec.table)}/account_id=<identifier>/part-*.${extensions[handle.format]}`,
    partition_escaping: 'The identifier keeps A-Z a-z 0-9 . _ -; every other UTF-8 byte is written %XX (Hive style).',
    primary_key: primaryKey,
    latest_state:
      'Part files are immutable and a changed or deleted object arrives in a new part. The current state of ' +
      '(account_id, id) is its row with the greatest _source_ts; _deleted = true means the object was deleted.',
    columns: blobColumns(spec).map((c) => ({
      name: c.name,
      type: c.type,
      parquet_type: c.parquetType,
      json_type: c.jsonType,
      nullable: c.nullable,
      ...(c.description ? { description: c.description } : {}),
    })),
  };
}

function storedColumns(text: string | undefined): Set<string> | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as { columns?: { name?: unknown }[] };
    return new Set((parsed.columns ?? []).map((c) => String(c.name)));
  } catch {
    // Someone else's file under our name: rewritten below, as if new columns appeared.
    return new Set();
  }
}

/**
 * Mount for S3: writes `<prefix>/<table>/_schema.json` with the spec's columns and types.
 * Idempotent like the DDL: `created` when there was none, `addedColumns` when the spec gained
 * columns since it was written; unchanged files are not rewritten. Throws DestinationError.
 */
export async function ensureS3Table(handle: S3Handle, prefix: string, spec: TableSpec): Promise<EnsureTableResult> {
  const key = schemaKey(prefix, spec.table);
  const text = `${JSON.stringify(schemaDocument(handle, prefix, spec), null, 2)}\n`;
  const target = { where: handle.where, bucket: handle.bucket, accessKeyId: handle.accessKeyId };
  try {
    const existing = await getText(handle, key).catch((err: unknown) => {
      throw s3Failure(err, target, { permission: 's3:GetObject', action: `read ${key}` });
    });
    if (existing === text) return { created: false, addedColumns: [] };
    const before = storedColumns(existing);
    await putObject(handle, key, text, 'application/json').catch((err: unknown) => {
      throw s3Failure(err, target, { permission: 's3:PutObject', action: `write ${key}` });
    });
    if (!before) return { created: true, addedColumns: [] };
    return {
      created: false,
      addedColumns: blobColumns(spec)
        .map((c) => c.name)
        .filter((n) => !before.has(n)),
    };
  } catch (err) {
    throw s3Failure(err, target);
  }
}
