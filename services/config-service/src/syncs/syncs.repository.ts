import { TABLES, type Knex } from '@datasync/db';
import type { EngineName } from '@datasync/destinations';

type Db = Knex | Knex.Transaction;

/** A sync with the names of what it connects: the API addresses everything by name. */
export interface Sync {
  id: string;
  environmentId: string;
  name: string;
  sourceId: string;
  sourceName: string;
  provider: string;
  destinationId: string;
  destinationName: string;
  destinationEngine: EngineName;
  createdAt: Date;
}

interface JoinedSyncRow {
  id: string;
  environment_id: string;
  name: string;
  source_id: string;
  source_name: string;
  provider: string;
  destination_id: string;
  destination_name: string;
  destination_engine: EngineName;
  created_at: Date;
}

export const SYNC_NAME_UNIQUE = 'syncs_environment_id_name_unique';
export const SYNC_PAIR_UNIQUE = 'syncs_source_id_destination_id_unique';

function toSync(row: JoinedSyncRow): Sync {
  return {
    id: row.id,
    environmentId: row.environment_id,
    name: row.name,
    sourceId: row.source_id,
    sourceName: row.source_name,
    provider: row.provider,
    destinationId: row.destination_id,
    destinationName: row.destination_name,
    destinationEngine: row.destination_engine,
    createdAt: row.created_at,
  };
}

function selectJoined(db: Db, environmentId: string) {
  return db(`${TABLES.syncs} as y`)
    .join(`${TABLES.sources} as s`, 's.id', 'y.source_id')
    .join(`${TABLES.destinations} as d`, 'd.id', 'y.destination_id')
    .where('y.environment_id', environmentId)
    .select(
      'y.id',
      'y.environment_id',
      'y.name',
      'y.source_id',
      's.name as source_name',
      's.provider',
      'y.destination_id',
      'd.name as destination_name',
      'd.engine as destination_engine',
      'y.created_at',
    );
}

export async function insertSync(
  db: Db,
  values: { environmentId: string; name: string; sourceId: string; destinationId: string },
): Promise<string> {
  const [row] = (await db(TABLES.syncs)
    .insert({ environment_id: values.environmentId, name: values.name, source_id: values.sourceId, destination_id: values.destinationId })
    .returning('id')) as { id: string }[];
  if (!row) throw new Error('sync insert returned no row');
  return row.id;
}

export async function listSyncs(db: Db, environmentId: string): Promise<Sync[]> {
  const rows = (await selectJoined(db, environmentId).orderBy([{ column: 'y.created_at' }, { column: 'y.name' }])) as JoinedSyncRow[];
  return rows.map(toSync);
}

export async function findSyncByName(db: Db, environmentId: string, name: string): Promise<Sync | undefined> {
  const row = (await selectJoined(db, environmentId).where('y.name', name).first()) as JoinedSyncRow | undefined;
  return row && toSync(row);
}

export async function findSyncById(db: Db, environmentId: string, id: string): Promise<Sync | undefined> {
  const row = (await selectJoined(db, environmentId).where('y.id', id).first()) as JoinedSyncRow | undefined;
  return row && toSync(row);
}

/** The sync already connecting this source to this destination, if any. */
export async function findSyncByPair(db: Db, environmentId: string, sourceId: string, destinationId: string): Promise<Sync | undefined> {
  const row = (await selectJoined(db, environmentId).where({ 'y.source_id': sourceId, 'y.destination_id': destinationId }).first()) as
    JoinedSyncRow | undefined;
  return row && toSync(row);
}

/** Its collections go with it (foreign key cascade); their tables stay in the destination. */
export async function deleteSyncRow(db: Db, environmentId: string, id: string): Promise<boolean> {
  return (await db(TABLES.syncs).where({ environment_id: environmentId, id }).delete()) > 0;
}
