import { primaryKey } from '../ddl/tableColumns';
import { getEngine } from '../engines/registry';
import { markS3Deleted } from '../engines/s3/writer/s3MarkDeleted';
import type { DestinationHandle, EngineName } from '../engines/types';
import { jsonText } from './jsonText';
import { inTransaction } from './transaction';
import { writeFailure } from './writeFailure';

export interface DeletedObject {
  accountId: string;
  id: string;
  /** When the provider deleted it (the event's `created`). */
  sourceTs: Date;
}

export interface MarkDeletedOptions {
  engine: EngineName;
  schema: string;
  table: string;
  objects: readonly DeletedObject[];
}

const columns = ['id', 'account_id', 'data', '_source_ts', '_synced_at', '_deleted'];
// On a conflict only these change: the row keeps its last known data and typed columns.
const updated = ['_source_ts', '_synced_at', '_deleted'];
const CHUNK = 500;

/**
 * Soft-deletes objects known only by id (a deletion whose event carries no object; with the
 * object at hand, writeBatch with `deleted: true` does the same and refreshes the data). Guarded
 * by `_source_ts` like every write, and it inserts a tombstone for an object never loaded, so an
 * older read of it arriving later cannot bring it back. One transaction; returns the rows given.
 */
export async function markDeleted(handle: DestinationHandle, options: MarkDeletedOptions): Promise<{ marked: number }> {
  const { engine, schema, table, objects } = options;
  if (handle.engine === 's3') return markS3Deleted(handle, schema, table, objects);
  if (engine === 's3') throw new Error(`markDeleted: a ${handle.engine} handle given for s3`);
  const { dialect } = getEngine(engine);
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
        await handle.query(dialect.upsertRows(schema, table, columns, primaryKey, chunk.length, updated), values);
      }
    });
  } catch (err) {
    throw writeFailure(engine, schema, `marking rows deleted in the table ${table}`, err);
  }
  return { marked: unique.length };
}
