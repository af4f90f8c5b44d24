import { TABLES, type Knex } from '@datasync/db';

/** Accounts that should have a poll scheduler: active, not being deleted, with a table loaded (a completed run). */
export async function accountsToPoll(knex: Knex): Promise<string[]> {
  return (await knex(`${TABLES.accounts} as a`)
    .where('a.active', true)
    .whereNull('a.deleting_at')
    .whereExists(function hasRun() {
      this.select(1).from(`${TABLES.runs} as r`).whereRaw('r.account_id = a.id').where('r.status', 'completed');
    })
    .pluck('a.id')) as string[];
}

export async function hasCompletedRun(knex: Knex, accountId: string): Promise<boolean> {
  return (await knex(TABLES.runs).where({ account_id: accountId, status: 'completed' }).first('id')) !== undefined;
}
