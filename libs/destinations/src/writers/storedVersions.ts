import type { StoredVersionsOptions, UnseenRowsOptions } from '../engines/operations';
import { engineOf } from '../engines/registry';
import type { DestinationHandle } from '../engines/types';

export type { StoredVersionsOptions, UnseenRowsOptions };

/**
 * The `_source_ts` (epoch ms) the destination holds for each of the account's objects that has
 * a row, by object id: what a change from an event is compared with before it is written. Empty
 * for engines that keep every state (s3).
 */
export async function readStoredVersions(handle: DestinationHandle, options: StoredVersionsOptions): Promise<Map<string, number>> {
  return engineOf(handle).readStoredVersions(handle, options);
}

/**
 * Ends a resync: the account's live rows whose state is older than `before` are objects the
 * provider no longer lists, so they are marked deleted. Idempotent; returns the rows marked.
 */
export async function markUnseenDeleted(handle: DestinationHandle, options: UnseenRowsOptions): Promise<number> {
  return engineOf(handle).markUnseenDeleted(handle, options);
}
