import type { Knex } from 'knex';

// The provider's Connect lifecycle (docs/webhooks.md, "Connect lifecycle").
// - sources.webhook_connect_lifecycle: opt-in; when true, `account.application.authorized` /
//   `deauthorized` deliveries register, pause and resume the source's accounts.
// - accounts.paused_by_provider: the account was paused by a `deauthorized` event (not by the
//   integrator), so a later `authorized` may resume it. Any toggle through the API clears it.
// - account_provider_grants: per (source, provider account) the latest lifecycle event applied
//   (event_created: its `created`, unix seconds, which orders two events of one account), so a
//   replay or an older event delivered late changes nothing. Kept for accounts never registered
//   too: a `deauthorized` that arrives before its older `authorized` must still win.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sources', (t) => {
    t.boolean('webhook_connect_lifecycle').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('accounts', (t) => {
    t.boolean('paused_by_provider').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('account_provider_grants', (t) => {
    t.uuid('source_id').notNullable().references('id').inTable('sources').onDelete('CASCADE');
    t.text('external_id').notNullable();
    t.boolean('authorized').notNullable();
    t.text('event_id').notNullable();
    t.bigInteger('event_created').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['source_id', 'external_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('account_provider_grants');
  await knex.schema.alterTable('accounts', (t) => {
    t.dropColumn('paused_by_provider');
  });
  await knex.schema.alterTable('sources', (t) => {
    t.dropColumn('webhook_connect_lifecycle');
  });
}
