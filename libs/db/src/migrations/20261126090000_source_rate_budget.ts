import type { Knex } from 'knex';

// The share of the provider's documented rate limit a source's reads may spend, in percent.
// Bounded in the database as in the API (5–80): the account's own integration keeps headroom.
// The default keeps every existing source at the share the global budget gave it so far.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sources', (t) => {
    t.integer('rate_budget_percent').notNullable().defaultTo(50);
  });
  await knex.raw('ALTER TABLE sources ADD CONSTRAINT sources_rate_budget_percent_range CHECK (rate_budget_percent BETWEEN 5 AND 80)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sources', (t) => {
    t.dropColumn('rate_budget_percent');
  });
}
