import type { Knex } from 'knex';

// Every destination table an account was ever loaded into, and by which sync. Runs go with their
// sync (cascade), but the tables and rows they wrote stay in the destination: the account's purge
// finds them here. `sync_id` is kept after the sync is deleted (no foreign key): it names who
// loaded the table, which the purge may have to show the destination's record of the table's owner.
// Written when a run starts (services/loader/src/runs); the rows go with the account once it is
// purged and removed, or with the destination (nothing left to purge through it).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('account_tables', (t) => {
    t.uuid('account_id').notNullable().references('id').inTable('accounts').onDelete('CASCADE');
    t.uuid('destination_id').notNullable().references('id').inTable('destinations').onDelete('CASCADE');
    t.text('table_name').notNullable();
    t.uuid('sync_id').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['account_id', 'destination_id', 'table_name', 'sync_id']);
    t.index(['destination_id']);
  });
  await knex.raw(
    `insert into account_tables (account_id, destination_id, table_name, sync_id)
     select distinct account_id, destination_id, table_name, sync_id from runs
     on conflict do nothing`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('account_tables');
}
