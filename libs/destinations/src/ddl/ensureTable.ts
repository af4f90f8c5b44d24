import type { EnsureTableResult, TableSpec } from '../engines/operations';
import { engineOf } from '../engines/registry';
import type { DestinationHandle, EngineName } from '../engines/types';

export type { EnsureTableResult, TableSpec };

/**
 * Makes the resource's table ready in `schema` (a database's table with the catalog's columns;
 * for s3, where `schema` is the key prefix, the table's `_schema.json`), adding the columns the
 * catalog gained since. Idempotent, safe to run concurrently. Throws DestinationError.
 */
export async function ensureTable(
  handle: DestinationHandle,
  engine: EngineName,
  schema: string,
  resource: TableSpec,
): Promise<EnsureTableResult> {
  if (handle.engine !== engine) throw new Error(`ensureTable: a ${handle.engine} handle given for ${engine}`);
  return engineOf(handle).ensureTable(handle, schema, resource);
}
