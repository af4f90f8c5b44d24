import type { Knex } from 'knex';

// A client credential made for the Accounts API must not administer the environment (keys,
// destinations, sources, syncs): that takes a dashboard session or a credential created with the
// admin scope. Every credential that exists today was made for the Accounts API, so they all
// become 'accounts' and keep working there.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('client_credentials', (t) => {
    t.text('scope').notNullable().defaultTo('accounts');
  });
  await knex.raw(`alter table client_credentials add constraint client_credentials_scope_check check (scope in ('accounts', 'admin'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('client_credentials', (t) => {
    t.dropColumn('scope');
  });
}
