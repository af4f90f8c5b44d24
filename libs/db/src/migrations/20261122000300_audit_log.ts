import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_log', (t) => {
    // bigserial, not uuid: the id orders the log and keeps its index compact.
    t.bigIncrements('id').primary();
    t.uuid('organization_id').notNullable().references('id').inTable('organizations').onDelete('CASCADE');
    // Kept when the environment goes: the record of what happened outlives what it happened to.
    t.uuid('environment_id').references('id').inTable('environments').onDelete('SET NULL');
    t.text('actor').notNullable();
    t.text('action').notNullable();
    t.text('target');
    t.jsonb('details').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['organization_id', 'created_at']);
    t.index(['environment_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_log');
}
