import type { DeletedObject, TableSpec } from '../operations';
import type { S3Handle } from './s3Handle';
import { createS3Writer } from './writer/s3Writer';

/**
 * Deletions known only by id, as tombstone parts: rows with `_deleted = true`, `data` = `{ id,
 * deleted: true }` and empty typed columns (the spec's, so tombstone parts carry the same columns
 * as the others), at the deletion's `_source_ts`. A reader keeping the newest row per
 * (account_id, id) sees the object gone; the part is named from its content, so writing the same
 * deletions again (a retried poll) overwrites it. `prefix` is the connection's `schema`.
 */
export async function markS3Deleted(
  handle: S3Handle,
  prefix: string,
  spec: TableSpec,
  objects: readonly DeletedObject[],
): Promise<{ marked: number }> {
  if (objects.length === 0) return { marked: 0 };
  const writer = createS3Writer(handle, { engine: 's3', schema: prefix, spec });
  const values = spec.columns.map(() => null);
  const rows = objects.map((o) => ({
    accountId: o.accountId,
    object: { id: o.id, deleted: true },
    values,
    sourceTs: o.sourceTs,
    deleted: true,
  }));
  const { written } = await writer.writeBatch(rows);
  return { marked: written };
}
