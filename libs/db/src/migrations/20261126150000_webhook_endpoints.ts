import type { Knex } from 'knex';

// Outbound webhooks (docs/webhook-endpoints.md). An endpoint is an integrator's URL in one
// environment; an event is one account change, written in the transaction of that change (an
// outbox); a delivery is one event owed to one endpoint, with its attempts so far. The loader's
// webhook dispatcher reads due deliveries from here, so a lost queue job or Redis outage only
// delays a delivery, it never drops one.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_endpoints', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('environment_id').notNullable().references('id').inTable('environments').onDelete('CASCADE');
    t.text('url').notNullable();
    t.specificType('enabled_events', 'text[]').notNullable();
    // Sealed with libs/crypto for this row (SEALED_COLUMNS.webhookSigningSecret).
    t.text('signing_secret').notNullable();
    t.text('status').notNullable().defaultTo('enabled');
    t.text('disabled_reason');
    // Since when every attempt to this endpoint has failed; null after any success.
    t.timestamp('failing_since', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['environment_id', 'created_at']);
  });
  await knex.raw(`alter table webhook_endpoints add constraint webhook_endpoints_status_check check (status in ('enabled', 'disabled'))`);

  await knex.schema.createTable('webhook_events', (t) => {
    t.text('id').primary();
    t.uuid('environment_id').notNullable().references('id').inTable('environments').onDelete('CASCADE');
    t.text('type').notNullable();
    // No foreign key: account.deleted outlives its account.
    t.uuid('account_id');
    t.jsonb('payload').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['environment_id', 'created_at']);
  });

  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('event_id').notNullable().references('id').inTable('webhook_events').onDelete('CASCADE');
    t.uuid('endpoint_id').notNullable().references('id').inTable('webhook_endpoints').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('last_status_code');
    t.integer('last_latency_ms');
    t.text('last_error');
    t.timestamp('last_attempt_at', { useTz: true });
    // When the dispatcher enqueues the next attempt; pushed ahead while one is queued, so a job
    // lost with Redis is enqueued again once that lease passes.
    t.timestamp('next_attempt_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['event_id', 'endpoint_id']);
    t.index(['endpoint_id', 'created_at']);
  });
  await knex.raw(
    `alter table webhook_deliveries add constraint webhook_deliveries_status_check check (status in ('pending', 'succeeded', 'failed'))`,
  );
  await knex.raw(`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('webhook_deliveries');
  await knex.schema.dropTable('webhook_events');
  await knex.schema.dropTable('webhook_endpoints');
}
