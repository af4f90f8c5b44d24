import { writeAudit } from '@datasync/auth';
import { TABLES, type Knex } from '@datasync/db';
import { deleteDeletingRow, type AccountRow } from './accounts.repository';

/**
 * Ends a delete once the loader has purged the account's rows: removes the account (it must be
 * marked deleting) and writes the audit record, in one transaction. For the loader's purge, which
 * finishes deletes whose API call stopped waiting (202). False when the account is gone already.
 */
export async function removeDeletedAccount(knex: Knex, accountId: string, actor: string): Promise<boolean> {
  return knex.transaction(async (trx) => {
    const row = (await trx(`${TABLES.accounts} as a`)
      .join(`${TABLES.environments} as e`, 'e.id', 'a.environment_id')
      .where('a.id', accountId)
      .whereNotNull('a.deleting_at')
      .forUpdate('a')
      .first('a.environment_id', 'a.source_type', 'a.identifier', 'a.external_id', 'e.organization_id')) as
      (Pick<AccountRow, 'environment_id' | 'source_type' | 'identifier' | 'external_id'> & { organization_id: string }) | undefined;
    if (!row || !(await deleteDeletingRow(trx, accountId))) return false;
    await writeAudit(trx, {
      organizationId: row.organization_id,
      environmentId: row.environment_id,
      actor,
      action: 'account.deleted',
      target: `${row.source_type}/${row.identifier}`,
      details: { external_id: row.external_id },
    });
    return true;
  });
}
