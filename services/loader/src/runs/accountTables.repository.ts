import { TABLES, type Knex } from '@datasync/db';

/**
 * Remembers that the account is loaded into this destination table by this sync, in the transaction that
 * starts the run: the record outlives the run and its sync, so the account's purge still finds
 * the table after the sync was deleted (purge/purgeTargets.repository).
 */
export async function recordAccountTable(
  trx: Knex.Transaction,
  values: { accountId: string; destinationId: string; tableName: string; syncId: string },
): Promise<void> {
  await trx(TABLES.accountTables)
    .insert({ account_id: values.accountId, destination_id: values.destinationId, table_name: values.tableName, sync_id: values.syncId })
    .onConflict(['account_id', 'destination_id', 'table_name', 'sync_id'])
    .ignore();
}
