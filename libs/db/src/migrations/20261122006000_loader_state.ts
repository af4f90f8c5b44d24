import type { Knex } from 'knex';

// The loader's bookkeeping (the loader is the only writer): per-account status, backfill runs and
// their segments. Rows go with the account, sync or collection they belong to (cascades), so a
// deleted sync leaves no run that a segment job could keep loading.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('account_states', (t) => {
    t.uuid('account_id').primary().references('id').inTable('accounts').onDelete('CASCADE');
    t.uuid('environment_id').notNullable().references('id').inTable('environments').onDelete('CASCADE');
    t.text('status').notNullable();
    // Readable by the account's owner: what failed and what to do; never a secret or an address.
    t.text('reason');
    t.text('error_code');
    // The reconciler retries an account in error at next_retry_at, backing off with error_attempts.
    t.integer('error_attempts').notNullable().defaultTo(0);
    t.timestamp('next_retry_at', { useTz: true });
    // Per collection (keyed by collection id): table, run status, rows, segments done/total.
    t.jsonb('progress').notNullable().defaultTo('{}');
    t.bigInteger('rows_loaded').notNullable().defaultTo(0);
    t.timestamp('last_synced_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['environment_id']);
    t.check("status in ('idle', 'pending', 'loading', 'live', 'error')", [], 'account_states_status_check');
  });
  await knex.raw("create index account_states_retry_idx on account_states (next_retry_at) where status = 'error'");

  await knex.schema.createTable('runs', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('environment_id').notNullable().references('id').inTable('environments').onDelete('CASCADE');
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.uuid('sync_id').notNullable().references('id').inTable('syncs').onDelete('CASCADE');
    t.uuid('collection_id').notNullable().references('id').inTable('collections').onDelete('CASCADE');
    t.uuid('destination_id').notNullable().references('id').inTable('destinations').onDelete('CASCADE');
    t.text('table_name').notNullable();
    t.text('resource_type').notNullable();
    t.text('kind').notNullable().defaultTo('backfill');
    t.text('status').notNullable();
    // Unix seconds of the provider's `created`: [lower_bound, upper_bound). The upper bound is
    // frozen when the run starts; incremental sync takes over from it.
    t.bigInteger('lower_bound').notNullable();
    t.bigInteger('upper_bound').notNullable();
    // The newest page is written and the rest of the range split into segments.
    t.boolean('planned').notNullable().defaultTo(false);
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['account_id']);
    t.index(['collection_id']);
    t.check("kind in ('backfill', 'resync')", [], 'runs_kind_check');
    t.check("status in ('running', 'completed', 'cancelled')", [], 'runs_status_check');
    t.check('lower_bound < upper_bound', [], 'runs_bounds_check');
  });
  // The real guard against double work (docs/run-lifecycle.md, Run): one active run per account and destination
  // table, whatever jobs race each other.
  await knex.raw("create unique index runs_one_active on runs (account_id, destination_id, table_name) where status = 'running'");

  await knex.schema.createTable('segments', (t) => {
    t.uuid('run_id').notNullable().references('id').inTable('runs').onDelete('CASCADE');
    t.integer('n').notNullable();
    // Denormalised from the run: the per-account cap on segments in flight counts by it.
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.bigInteger('created_gte').notNullable();
    t.bigInteger('created_lt').notNullable();
    // The last object of the last batch committed in the destination, and its `created`.
    t.text('cursor');
    t.bigInteger('cursor_created');
    // pending: not enqueued; queued: a job holds it (waiting or running); done.
    t.text('status').notNullable().defaultTo('pending');
    t.integer('pages_read').notNullable().defaultTo(0);
    t.bigInteger('rows_written').notNullable().defaultTo(0);
    t.integer('attempts').notNullable().defaultTo(0);
    // Whoever holds an unexpired lease may read the segment and move its cursor; a second delivery
    // of the same job waits for the lease instead of reading along.
    t.uuid('lease_token');
    t.timestamp('leased_until', { useTz: true });
    t.timestamp('queued_at', { useTz: true });
    t.timestamp('done_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['run_id', 'n']);
    t.index(['account_id', 'status']);
    t.check("status in ('pending', 'queued', 'done')", [], 'segments_status_check');
    t.check('created_gte < created_lt', [], 'segments_range_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('segments');
  await knex.schema.dropTable('runs');
  await knex.schema.dropTable('account_states');
}
