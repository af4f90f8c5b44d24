import type { Knex } from 'knex';

// A resync request lives in Postgres, not only as a queued job: Redis may lose the job (a restart
// without persistence), and the loader's reconciler then finds the request it has not taken yet.
// Each column has one writer: libs/accounts stamps the request, the loader records what it took.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.timestamp('resync_requested_at', { useTz: true });
  });
  await knex.schema.alterTable('account_states', (t) => {
    t.timestamp('resync_taken_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('account_states', (t) => {
    t.dropColumn('resync_taken_at');
  });
  await knex.schema.alterTable('accounts', (t) => {
    t.dropColumn('resync_requested_at');
  });
}
