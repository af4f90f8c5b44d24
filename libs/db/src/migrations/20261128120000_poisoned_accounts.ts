import type { Knex } from 'knex';

// An account whose job failed abnormally (content over a read bound, memory exhausted): it stays
// in `error` without the reconciler's retries or verifications until a successful attach (a new
// credential, a resync) clears it, so one tenant's content cannot crash-loop jobs across the fleet.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('account_states', (t) => {
    t.timestamp('poisoned_at', { useTz: true });
  });
  // The loaders' gauge counts them at every scrape: a partial index holds only the poisoned few.
  await knex.raw('create index account_states_poisoned on account_states (error_code) where poisoned_at is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists account_states_poisoned');
  await knex.schema.alterTable('account_states', (t) => {
    t.dropColumn('poisoned_at');
  });
}
