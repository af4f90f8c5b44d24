import { claimReleased, syncOwner } from '@datasync/accounts';
import type { Knex } from '@datasync/db';
import { claimTable, type DestinationHandle } from '@datasync/destinations';

/** A sync's table whose marker this process has seen name the sync. */
const claimKey = (syncId: string, table: string): string => `${syncId}/${table}`;

/**
 * Claims confirmed by this process. A claim is exclusive and ends only with its sync (whose runs
 * then stop), so once the marker named the sync it keeps naming it: a segment slice need not ask
 * the destination again (the attach and every poll do ask). A sync writes into one destination,
 * so sync and table name the table.
 */
const confirmed = new Set<string>();

/**
 * Before the loader writes into a table for a sync: the sync claims it (a table without a marker,
 * made before markers, is adopted), or TableOwnedError names the sync and environment that own
 * it, and nothing is written. Throws DestinationError when the destination refuses.
 */
export async function claimForSync(
  knex: Knex,
  handle: DestinationHandle,
  place: { schema: string; table: string; syncId: string },
): Promise<void> {
  const owner = await syncOwner(knex, place.syncId);
  // A sync deleted meanwhile writes nothing more: its runs see it and stop.
  if (!owner) return;
  await claimTable(handle, { schema: place.schema, table: place.table, owner, released: (holder) => claimReleased(knex, holder) });
  confirmed.add(claimKey(place.syncId, place.table));
}

/** Whether this process has seen the sync's claim on the table: a slice about to write need not ask again. */
export const claimConfirmed = (syncId: string, table: string): boolean => confirmed.has(claimKey(syncId, table));
