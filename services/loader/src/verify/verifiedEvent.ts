import { TABLES, type Knex } from '@datasync/db';
import { emitAccountEvent } from '@datasync/webhooks';

/**
 * `account.verified` after a verification of the account is done, with each table's drift. After
 * the check's own commits, not inside them: a loader dying in between loses this one event (the
 * next scheduled check sends another); the verification itself is saved either way.
 */
export async function emitVerified(knex: Knex, accountId: string): Promise<void> {
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
