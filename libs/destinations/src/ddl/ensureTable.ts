import type { EnsureTableResult, TableSpec } from '../engines/operations';
import { engineOf } from '../engines/registry';
import type { DestinationHandle, EngineName } from '../engines/types';

export type { EnsureTableResult, TableSpec };

/**
 * Makes the spec's table ready in `schema` (a database's table with the spec's columns;
 * for s3, where `schema` is the key prefix, the table's `_schema.json`), adding the columns the
 * spec gained since. Idempotent, safe to run concurrently. Throws DestinationError.
 */
export async function ensureTable(
  handle: DestinationHandle,
  engine: EngineName,
  schema: string,
  spec: TableSpec,
): Promise<EnsureTableResult> {
  if (handle.engine !== engine) throw new Error(`ensureTable: a ${handle.engine} handle given for ${engine}`);
  return engineOf(handle).ensureTable(handle, schema, spec);
}
