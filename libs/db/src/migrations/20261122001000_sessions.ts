import type { Knex } from 'knex';

// Dashboard sessions (libs/auth). Only the SHA-256 of the cookie's token is stored, so a copy of
// this table cannot be replayed as cookies.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('token_hash').notNullable().unique();
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    // The environment the dashboard acts in; the environment switcher changes it.
    t.uuid('environment_id').notNullable().references('id').inTable('environments').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Idle timeout: refreshed at most once a minute by requests, so reads do not all become writes.
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['user_id']);
    t.index(['expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sessions');
}
