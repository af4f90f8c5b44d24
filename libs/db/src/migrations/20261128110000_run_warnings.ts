import type { Knex } from 'knex';

// What a run could not read while it loaded the rest (a side listing the provider refused, say),
// as `[{code, message}]`, one per code: the account's status shows them on the run's collection.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('runs', (t) => {
    t.jsonb('warnings').notNullable().defaultTo('[]');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('runs', (t) => {
    t.dropColumn('warnings');
  });
}
