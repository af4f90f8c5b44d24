import { TABLES, type Knex } from '@datasync/db';

/**
 * The accounts of `syncId` whose load of the destination table completed at least once: the
 * accounts whose rows were in the table before it was dropped (or lost a column), read-only.
 */
export async function accountsLoadedInto(db: Knex, key: { syncId: string; destinationId: string; tableName: string }): Promise<string[]> {
  return (await db(TABLES.runs)
    .distinct('account_id')
    .where({ sync_id: key.syncId, destination_id: key.destinationId, table_name: key.tableName, status: 'completed' })
    .pluck('account_id')) as string[];
}
