import type { Knex } from 'knex';

// The provider account's `created` as the registration's check of its credential answered it.
// The loader's plan of a new run tries it first as where the account's data begins; kept, it
// spares the attach asking the provider again right after the registration did.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.bigInteger('provider_created').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('accounts', (t) => {
    t.dropColumn('provider_created');
  });
}
