import type { Knex } from 'knex';

// The configuration objects of the spec's workflow (config-service writes them). Names are what
// the API addresses them by, so they are unique per environment and checked here as well as in
// the API: a row that breaks the naming rule would be unreachable through it.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('destinations', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('environment_id').notNullable().references('id').inTable('environments').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('engine').notNullable();
    // libs/crypto envelope, environment id as associated data: the password never sits in clear.
    t.text('connection_secret').notNullable();
    t.text('connection_masked').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['environment_id', 'name']);
    t.check("name ~ '^[a-z0-9_]{1,63}$'", [], 'destinations_name_check');
  });

  await knex.schema.createTable('sources', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('environment_id').notNullable().references('id').inTable('environments').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('provider').notNullable();
    t.text('credential_secret').notNullable();
    // The account that owns the provider app (`acct_…`), as the provider named it at verification.
    t.text('provider_account_id').notNullable();
    t.text('provider_account_name');
    t.boolean('livemode').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['environment_id', 'name']);
    t.check("name ~ '^[a-z0-9_]{1,63}$'", [], 'sources_name_check');
  });

  await knex.schema.createTable('syncs', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('environment_id').notNullable().references('id').inTable('environments').onDelete('CASCADE');
    t.text('name').notNullable();
    // NO ACTION (the default), not RESTRICT: deleting an environment removes its sources and syncs
    // in one statement, and NO ACTION checks only at its end. Deleting a source or destination a
    // sync still uses is refused by these keys even if the API's own check lost a race.
    t.uuid('source_id').notNullable().references('id').inTable('sources');
    t.uuid('destination_id').notNullable().references('id').inTable('destinations');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['environment_id', 'name']);
    // One writer per (account, table): a source may feed a destination through one sync only.
    t.unique(['source_id', 'destination_id']);
    t.index(['destination_id']);
    t.check("name ~ '^[a-z_]{1,63}$'", [], 'syncs_name_check');
  });

  await knex.schema.createTable('collections', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('environment_id').notNullable().references('id').inTable('environments').onDelete('CASCADE');
    // Deleting a sync removes its collections; their tables stay in the destination.
    t.uuid('sync_id').notNullable().references('id').inTable('syncs').onDelete('CASCADE');
    t.text('resource_type').notNullable();
    t.text('table_name').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('mounted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Null while mounted. Mounting again clears it: one row per resource and sync, so ids the
    // loader holds stay valid across an unmount and a remount.
    t.timestamp('unmounted_at', { useTz: true });
    t.unique(['sync_id', 'resource_type']);
    t.index(['environment_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('collections');
  await knex.schema.dropTable('syncs');
  await knex.schema.dropTable('sources');
  await knex.schema.dropTable('destinations');
}
