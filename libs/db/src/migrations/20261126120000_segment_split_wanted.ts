import type { Knex } from 'knex';

// Set by a dispatcher that found an account below its requests in flight with nothing pending:
// the segment's holder splits its remaining range at its next commit (services/loader/src/runs),
// so a backfill's last segments never run alone while the budget has room.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('segments', (t) => {
    t.boolean('split_wanted').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('segments', (t) => {
    t.dropColumn('split_wanted');
  });
}
