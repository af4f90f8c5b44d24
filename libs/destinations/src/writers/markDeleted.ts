import type { DeletedObject, MarkDeletedOptions } from '../engines/operations';
import { engineOf } from '../engines/registry';
import type { DestinationHandle } from '../engines/types';

export type { DeletedObject, MarkDeletedOptions };

/**
 * Soft-deletes objects known only by id (a deletion whose event carries no object; with the
 * object at hand, writeBatch with `deleted: true` does the same and refreshes the data). Guarded
 * by `_source_ts` like every write, and an object never loaded gets a tombstone, so an older
 * read of it arriving later cannot bring it back. Returns the rows (or tombstones) written.
 */
export async function markDeleted(handle: DestinationHandle, options: MarkDeletedOptions): Promise<{ marked: number }> {
  if (handle.engine !== options.engine) throw new Error(`markDeleted: a ${handle.engine} handle given for ${options.engine}`);
  return engineOf(handle).markDeleted(handle, options);
}
