import { TABLES, type Knex } from '@datasync/db';
import type { EngineName } from '@datasync/destinations';

type Db = Knex | Knex.Transaction;

export interface DestinationRow {
  id: string;
  environment_id: string;
  name: string;
  engine: EngineName;
  connection_secret: string;
  connection_masked: string;
  created_at: Date;
  updated_at: Date;
}

export interface Destination {
  id: string;
  environmentId: string;
  name: string;
  engine: EngineName;
  /** The display form, password replaced by •••. */
  connectionMasked: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A destination with its sealed connection string, for the code that connects to it. */
export interface SealedDestination extends Destination {
  connectionSecret: string;
}

export const DESTINATION_NAME_UNIQUE = 'destinations_environment_id_name_unique';

function toDestination(row: DestinationRow): Destination {
  return {
    id: row.id,
    environmentId: row.environment_id,
    name: row.name,
    engine: row.engine,
    connectionMasked: row.connection_masked,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertDestination(
  db: Db,
  values: { id: string; environmentId: string; name: string; engine: EngineName; connectionSecret: string; connectionMasked: string },
): Promise<Destination> {
  const [row] = (await db(TABLES.destinations)
    .insert({
      id: values.id,
      environment_id: values.environmentId,
      name: values.name,
      engine: values.engine,
      connection_secret: values.connectionSecret,
      connection_masked: values.connectionMasked,
    })
    .returning('*')) as DestinationRow[];
  if (!row) throw new Error('destination insert returned no row');
  return toDestination(row);
}

/** Oldest first: the order the user created them in. */
export async function listDestinations(db: Db, environmentId: string): Promise<Destination[]> {
  const rows = (await db(TABLES.destinations).where({ environment_id: environmentId }).orderBy(['created_at', 'name'])) as DestinationRow[];
  return rows.map(toDestination);
}

export async function findDestinationByName(db: Db, environmentId: string, name: string): Promise<Destination | undefined> {
  const row = (await db(TABLES.destinations).where({ environment_id: environmentId, name }).first()) as DestinationRow | undefined;
  return row && toDestination(row);
}

export async function findSealedDestinationById(db: Db, environmentId: string, id: string): Promise<SealedDestination | undefined> {
  const row = (await db(TABLES.destinations).where({ environment_id: environmentId, id }).first()) as DestinationRow | undefined;
  return row && { ...toDestination(row), connectionSecret: row.connection_secret };
}

export async function findSealedDestinationByName(db: Db, environmentId: string, name: string): Promise<SealedDestination | undefined> {
  const row = (await db(TABLES.destinations).where({ environment_id: environmentId, name }).first()) as DestinationRow | undefined;
  return row && { ...toDestination(row), connectionSecret: row.connection_secret };
}

export async function updateDestinationConnection(
  db: Db,
  environmentId: string,
  id: string,
  values: { connectionSecret: string; connectionMasked: string },
): Promise<Destination | undefined> {
  const [row] = (await db(TABLES.destinations)
    .where({ environment_id: environmentId, id })
    .update({ connection_secret: values.connectionSecret, connection_masked: values.connectionMasked, updated_at: db.fn.now() })
    .returning('*')) as DestinationRow[];
  return row && toDestination(row);
}

/** Names of the syncs writing into the destination, for refusing its deletion with a useful message. */
export async function syncNamesUsingDestination(db: Db, environmentId: string, destinationId: string): Promise<string[]> {
  return (await db(TABLES.syncs)
    .where({ environment_id: environmentId, destination_id: destinationId })
    .orderBy('name')
    .pluck('name')) as string[];
}

export async function deleteDestinationRow(db: Db, environmentId: string, id: string): Promise<boolean> {
  return (await db(TABLES.destinations).where({ environment_id: environmentId, id }).delete()) > 0;
}
