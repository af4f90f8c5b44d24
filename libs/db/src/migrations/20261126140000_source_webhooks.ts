import type { Knex } from 'knex';

// Stripe → us webhooks (docs/webhooks.md).
// - source_webhook_secrets: a source's signing secrets (`whsec_…`), sealed for their row. Several
//   at once while one is rotated out: a secret with `expires_at` in the past no longer verifies.
// - sources.webhook_received_at: when a verified delivery last reached the source's endpoint
//   (written at most every few seconds): the loader stretches the poll of the source's accounts
//   while it is recent. sources.webhook_unrouted_events: deliveries for accounts the source does
//   not load, counted and dropped.
// - account_webhook_receipts: when a delivery last named the account, written by accounts-api.
// - account_poll_modes: the interval the loader gave the account's poll scheduler and when it
//   last found changes no webhook had announced (a gap); written by the loader only.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('source_webhook_secrets', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('environment_id').notNullable().references('id').inTable('environments').onDelete('CASCADE');
    t.uuid('source_id').notNullable().references('id').inTable('sources').onDelete('CASCADE');
    t.text('secret').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true });
    t.index(['source_id']);
  });
  await knex.schema.alterTable('sources', (t) => {
    t.timestamp('webhook_received_at', { useTz: true });
    t.bigInteger('webhook_unrouted_events').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('account_webhook_receipts', (t) => {
    t.uuid('account_id').primary().references('id').inTable('accounts').onDelete('CASCADE');
    t.timestamp('received_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('account_poll_modes', (t) => {
    t.uuid('account_id').primary().references('id').inTable('accounts').onDelete('CASCADE');
    t.integer('interval_ms').notNullable();
    t.timestamp('gap_found_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('account_poll_modes');
  await knex.schema.dropTable('account_webhook_receipts');
  await knex.schema.alterTable('sources', (t) => {
    t.dropColumn('webhook_received_at');
    t.dropColumn('webhook_unrouted_events');
  });
  await knex.schema.dropTable('source_webhook_secrets');
}
