import type { Knex } from 'knex';

// Incremental sync (the loader is the only writer): where each (account, destination table)
// stands in the provider's event stream. One row per table rather than per account, so a table
// whose backfill is still running (or a new collection's) never holds back the others: each
// table polls from its own cursor once its run has completed, and identical cursors share a walk.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('event_cursors', (t) => {
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.uuid('environment_id').notNullable().references('id').inTable('environments').onDelete('CASCADE');
    t.uuid('destination_id').notNullable().references('id').inTable('destinations').onDelete('CASCADE');
    t.text('table_name').notNullable();
    // The completed run (backfill or resync) the events continue from; a newer completed run
    // starts the cursor again from that run's frozen upper bound.
    t.uuid('run_id').references('id').inTable('runs').onDelete('SET NULL');
    // The newest event whose changes are committed in the destination; null until one is seen.
    t.text('cursor');
    // Unix seconds: where a walk without a cursor starts (the run's upper bound minus an overlap).
    t.bigInteger('created_gte').notNullable();
    // A resync in progress: once this run completes, rows of the account it did not rewrite and
    // whose state is older than sweep_before are marked deleted (they are gone at the provider).
    t.uuid('resync_run_id').references('id').inTable('runs').onDelete('SET NULL');
    t.timestamp('sweep_before', { useTz: true });
    // The start of the last poll that reached the end of the stream: the account's freshness.
    t.timestamp('polled_at', { useTz: true });
    t.bigInteger('events_applied').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['account_id', 'destination_id', 'table_name']);
    t.index(['environment_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('event_cursors');
}
