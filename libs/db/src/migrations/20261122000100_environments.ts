import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('environments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
    t.text('name').notNullable();
    // Beta API calls are off until the organization switches them on (docs/accounts-api.md, Beta calls).
    t.boolean('early_access').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['organization_id', 'name']);
    t.check("name in ('production', 'development')", [], 'environments_name_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('environments');
}
