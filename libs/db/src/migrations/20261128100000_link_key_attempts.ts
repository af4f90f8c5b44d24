import type { Knex } from 'knex';

// The Link page's pasted-key form asks the provider whether a key is valid: without a bound it
// is a key oracle. A link counts its refused keys; at LINK_KEY_ATTEMPTS it is revoked.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('link_sessions', (t) => {
    t.integer('failed_key_attempts').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('link_sessions', (t) => {
    t.dropColumn('failed_key_attempts');
  });
}
