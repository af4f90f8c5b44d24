import type { Knex } from 'knex';

// account_poll_modes.changed_at: when a poll of the account last applied changes. The loader polls
// an account that changed recently at LOADER_POLL_INTERVAL_MS and one idle for longer than
// LOADER_POLL_ACTIVE_FOR_MS at LOADER_POLL_IDLE_INTERVAL_MS (docs/incremental-sync.md). Null on
// rows written before: their next poll sets it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('account_poll_modes', (t) => {
    t.timestamp('changed_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('account_poll_modes', (t) => {
    t.dropColumn('changed_at');
  });
}
