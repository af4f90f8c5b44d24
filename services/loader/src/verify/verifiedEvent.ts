import { TABLES, type Knex } from '@datasync/db';
import { emitAccountEvent } from '@datasync/webhooks';

/**
 * `account.verified` once a verification of the account is done, with each table's drift: in the
 * transaction that completes its last table (verifyAccount), so the event exists exactly when the
 * verification committed, and a job retried after it finds nothing left to check and sends none.
 */
export async function emitVerified(knex: Knex | Knex.Transaction, accountId: string): Promise<void> {
  const rows = (await knex(TABLES.tableVerifications)
    .where({ account_id: accountId })
    .whereNotNull('verified_at')
    .orderBy('table_name')
    .select('table_name', 'drift_found', 'drift_repaired')) as {
    table_name: string;
    drift_found: number | null;
    drift_repaired: number | null;
  }[];
  await emitAccountEvent(knex, accountId, 'account.verified', {
    tables: rows.map((r) => ({ table: r.table_name, drift_found: r.drift_found ?? 0, drift_repaired: r.drift_repaired ?? 0 })),
  });
}
