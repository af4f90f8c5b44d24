import { markUnseenDeleted } from '@datasync/destinations';
import type { TableRef } from './applyChanges';

/**
 * Ends a resync: every row of the account that the resync did not rewrite and whose state is
 * older than the resync's start is an object the provider no longer lists, so it is marked
 * deleted. Until this runs the old rows stay as they were (readable, never emptied), which is
 * what lets a resync "swap in only when complete". Rows with a newer state (an event dated by a
 * provider clock ahead of ours) are left alone. Idempotent; returns the rows marked.
 */
export async function sweepUnseen(ref: TableRef, accountId: string, before: Date): Promise<number> {
  return markUnseenDeleted(ref.handle, { schema: ref.schema, table: ref.table, accountId, before });
}
