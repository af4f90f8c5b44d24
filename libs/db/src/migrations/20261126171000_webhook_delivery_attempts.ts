import type { Knex } from 'knex';

// Integrator webhooks (docs/webhook-endpoints.md).
// - webhook_delivery_attempts: every attempt of a delivery (when, HTTP status or error, latency),
//   the latest WEBHOOK_ATTEMPTS_KEPT per delivery; the delivery row keeps the last one as before.
// - webhook_events (created_at): the loader's reconciler prunes events (and with them their
//   deliveries and attempts) older than the retention, oldest first, in batches.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_delivery_attempts', (t) => {
    t.uuid('delivery_id').notNullable().references('id').inTable('webhook_deliveries').onDelete('CASCADE');
    t.integer('attempt').notNullable();
    t.timestamp('attempted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('status_code');
    t.integer('latency_ms').notNullable();
    t.text('error');
    t.primary(['delivery_id', 'attempt']);
  });
  await knex.schema.alterTable('webhook_events', (t) => {
    t.index(['created_at'], 'webhook_events_created_at');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_events', (t) => {
    t.dropIndex(['created_at'], 'webhook_events_created_at');
  });
  await knex.schema.dropTable('webhook_delivery_attempts');
}
