import { TABLES, type Knex } from '@datasync/db';

type Db = Knex | Knex.Transaction;

export interface CollectionRow {
  id: string;
  environment_id: string;
  sync_id: string;
  resource_type: string;
  table_name: string;
  created_at: Date;
  mounted_at: Date;
  unmounted_at: Date | null;
}

export interface Collection {
  id: string;
  environmentId: string;
  syncId: string;
  resourceType: string;
  tableName: string;
  createdAt: Date;
  mountedAt: Date;
  /** Null while mounted. */
  unmountedAt: Date | null;
}

export const COLLECTION_UNIQUE = 'collections_sync_id_resource_type_unique';

function toCollection(row: CollectionRow): Collection {
  return {
    id: row.id,
    environmentId: row.environment_id,
    syncId: row.sync_id,
    resourceType: row.resource_type,
    tableName: row.table_name,
    createdAt: row.created_at,
    mountedAt: row.mounted_at,
    unmountedAt: row.unmounted_at,
  };
}

export async function insertCollection(
  db: Db,
  values: { environmentId: string; syncId: string; resourceType: string; tableName: string },
): Promise<Collection> {
  const [row] = (await db(TABLES.collections)
    .insert({
      environment_id: values.environmentId,
      sync_id: values.syncId,
      resource_type: values.resourceType,
      table_name: values.tableName,
    })
    .returning('*')) as CollectionRow[];
  if (!row) throw new Error('collection insert returned no row');
  return toCollection(row);
}

/** Mounts an unmounted collection again; undefined when it is not unmounted (someone remounted it first). */
export async function remountCollection(db: Db, environmentId: string, id: string): Promise<Collection | undefined> {
  const [row] = (await db(TABLES.collections)
    .where({ environment_id: environmentId, id })
    .whereNotNull('unmounted_at')
    .update({ unmounted_at: null, mounted_at: db.fn.now() })
    .returning('*')) as CollectionRow[];
  return row && toCollection(row);
}

/** Undefined when it was not mounted. */
export async function markUnmounted(db: Db, environmentId: string, id: string): Promise<Collection | undefined> {
  const [row] = (await db(TABLES.collections)
    .where({ environment_id: environmentId, id })
    .whereNull('unmounted_at')
    .update({ unmounted_at: db.fn.now() })
    .returning('*')) as CollectionRow[];
  return row && toCollection(row);
}

/** Mounted ones first, then by resource type. */
export async function listCollections(
  db: Db,
  environmentId: string,
  syncId: string,
  options: { mountedOnly?: boolean } = {},
): Promise<Collection[]> {
  const query = db(TABLES.collections).where({ environment_id: environmentId, sync_id: syncId });
  if (options.mountedOnly) query.whereNull('unmounted_at');
  const rows = (await query.orderByRaw('unmounted_at is not null, resource_type')) as CollectionRow[];
  return rows.map(toCollection);
}

export async function findCollection(db: Db, environmentId: string, syncId: string, resourceType: string): Promise<Collection | undefined> {
  const row = (await db(TABLES.collections)
    .where({ environment_id: environmentId, sync_id: syncId, resource_type: resourceType })
    .first()) as CollectionRow | undefined;
  return row && toCollection(row);
}
