import { TABLES, type Knex } from '@datasync/db';

type Db = Knex | Knex.Transaction;

/** A sync as the owner of its tables (libs/destinations' TableOwner): the names go into the marker. */
export interface SyncOwner {
  environmentId: string;
  environmentName: string;
  syncId: string;
  syncName: string;
}

/** The sync's identity as its tables' marker records it; undefined when the sync is gone. */
export async function syncOwner(db: Db, syncId: string): Promise<SyncOwner | undefined> {
  const row = (await db(`${TABLES.syncs} as y`)
    .join(`${TABLES.environments} as e`, 'e.id', 'y.environment_id')
    .where('y.id', syncId)
    .first('y.id as sync_id', 'y.name as sync_name', 'e.id as environment_id', 'e.name as environment_name')) as
    { sync_id: string; sync_name: string; environment_id: string; environment_name: string } | undefined;
  return row && { environmentId: row.environment_id, environmentName: row.environment_name, syncId: row.sync_id, syncName: row.sync_name };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a marker's claim was released: its sync was deleted (a claim ends with its sync; see
 * docs/destinations.md). Only a sync of an environment this control plane knows can be judged
 * deleted: a marker written by another installation (an unknown environment) always holds.
 */
export async function claimReleased(db: Db, holder: { environmentId: string; syncId: string }): Promise<boolean> {
  if (!UUID.test(holder.environmentId) || !UUID.test(holder.syncId)) return false;
  const [environment, sync] = await Promise.all([
    db(TABLES.environments).where({ id: holder.environmentId }).first('id'),
    db(TABLES.syncs).where({ id: holder.syncId }).first('id'),
  ]);
  return environment !== undefined && sync === undefined;
}
