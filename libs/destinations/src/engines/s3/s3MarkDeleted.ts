import { getProvider, providerNames } from '@datasync/providers';
import type { DeletedObject, TableSpec } from '../operations';
import type { S3Handle } from './s3Handle';
import { createS3Writer } from './writer/s3Writer';

/** The catalog's resource of a table, so tombstone parts carry the same columns as the others. */
function tableSpec(table: string): TableSpec {
  for (const provider of providerNames) {
    const resource = getProvider(provider).resources.find((r) => r.table === table);
    if (resource) return resource;
  }
  // Not a catalog table (tests, scratch): tombstones with the common columns only.
  return { table, columns: [] };
}

/**
 * Deletions known only by id, as tombstone parts: rows with `_deleted = true`, `data` = `{ id,
 * deleted: true }` and empty typed columns, at the deletion's `_source_ts`. A reader keeping the
 * newest row per (account_id, id) sees the object gone; the part is named from its content, so
 * writing the same deletions again (a retried poll) overwrites it. `prefix` is the connection's
 * `schema`.
 */
export async function markS3Deleted(
  handle: S3Handle,
  prefix: string,
  table: string,
  objects: readonly DeletedObject[],
): Promise<{ marked: number }> {
  if (objects.length === 0) return { marked: 0 };
  const writer = createS3Writer(handle, { engine: 's3', schema: prefix, resource: tableSpec(table) });
  const rows = objects.map((o) => ({ accountId: o.accountId, object: { id: o.id, deleted: true }, sourceTs: o.sourceTs, deleted: true }));
  const { written } = await writer.writeBatch(rows);
  return { marked: written };
}
