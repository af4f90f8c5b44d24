import type { Knex } from 'knex';

// Verification of each (account, destination table) against the provider: the last completed
// check (what people see: when, which `created` range, the drift found and repaired) and the one
// in progress (where its walk stands, so a job delayed by the rate budget resumes instead of
// listing again). The loader is the only writer; libs/accounts reads it for the account status.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('table_verifications', (t) => {
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.uuid('environment_id').notNullable().references('id').inTable('environments').onDelete('CASCADE');
    t.uuid('destination_id').notNullable().references('id').inTable('destinations').onDelete('CASCADE');
    t.text('table_name').notNullable();
    // The check in progress: its `created` range (unix seconds, [from, through); from null: the
    // beginning), its parts walked side by side, each `[gte, lt)` still to walk (`lt` moves down
    // as windows are done), and its counts so far.
    t.text('current_scope');
    t.bigInteger('current_from');
    t.bigInteger('current_through');
    t.jsonb('current_parts');
    t.integer('current_found').notNullable().defaultTo(0);
    t.integer('current_repaired').notNullable().defaultTo(0);
    t.timestamp('current_started_at', { useTz: true });
    // The last completed check.
    t.timestamp('verified_at', { useTz: true });
    t.text('verified_scope');
    t.bigInteger('verified_from');
    t.bigInteger('verified_through');
    t.integer('drift_found');
    t.integer('drift_repaired');
    // When each scope last completed: the rolling schedule's clock.
    t.timestamp('full_verified_at', { useTz: true });
    t.timestamp('recent_verified_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['account_id', 'destination_id', 'table_name']);
    t.index(['environment_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('table_verifications');
}
