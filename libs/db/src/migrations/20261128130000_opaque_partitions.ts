import type { Knex } from 'knex';

// A run's segments hold the connector's partitions and cursors as JSON the loader stores and
// hands back without reading (docs/providers.md, "Backfill"; docs/run-lifecycle.md). Stripe's
// `created` seconds move inside that JSON: a partition `{createdGte, createdLt}`, a cursor
// `{after, created}`, a run's plan `{createdGte, createdLt}`.
//
// What the loader still reads is neutral: `runs.upper_bound` is the second the run froze its
// snapshot (its own clock: incremental sync takes over from it), `runs.lower_bound` where the
// resource's history begins as the connector reports it (verification checks from there; null
// until the run is planned), `segments.splittable_rows` the connector's estimate of what a split
// would hand to another reader (the dispatcher asks the segments with the most to split).
//
// `segments.created_gte`/`created_lt` are no longer written or read. They stay, nullable, until
// the fixtures of other packages that still insert them (libs/accounts, config-service) stop:
// dropping them then is a migration of its own.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('runs', (t) => {
    t.jsonb('plan');
    t.dropChecks(['runs_bounds_check']);
  });
  await knex.raw(`update runs set plan = jsonb_build_object('createdGte', lower_bound, 'createdLt', upper_bound)`);
  await knex.raw('alter table runs alter column lower_bound drop not null');

  await knex.schema.alterTable('segments', (t) => {
    t.jsonb('partition');
    t.bigInteger('splittable_rows').notNullable().defaultTo(0);
    t.dropChecks(['segments_range_check']);
  });
  // One pass over the segments. The estimate is the one the dispatcher computed from the columns,
  // for the segments being read now.
  await knex.raw(
    `update segments set
       partition = jsonb_build_object('createdGte', created_gte, 'createdLt', created_lt),
       splittable_rows = case
         when cursor_created is not null and rows_written > 0 and cursor_created - created_gte >= 2 and status <> 'done'
         then rows_written * (cursor_created - created_gte) / greatest(1, created_lt - cursor_created)
         else 0 end`,
  );
  await knex.raw(
    `alter table segments alter column cursor type jsonb using
       case when cursor is null then null else jsonb_build_object('after', cursor, 'created', cursor_created) end`,
  );
  await knex.raw('alter table segments alter column created_gte drop not null, alter column created_lt drop not null');
  await knex.schema.alterTable('segments', (t) => {
    t.dropColumn('cursor_created');
  });
}

/** Back to `created` columns; only Stripe's partitions have them, so it refuses once another provider's runs exist. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('segments', (t) => {
    t.bigInteger('cursor_created');
  });
  await knex.raw(
    `update segments set created_gte = (partition->>'createdGte')::bigint, created_lt = (partition->>'createdLt')::bigint,
       cursor_created = (cursor->>'created')::bigint`,
  );
  await knex.raw(`alter table segments alter column cursor type text using cursor->>'after'`);
  await knex.raw('alter table segments alter column created_gte set not null, alter column created_lt set not null');
  await knex.schema.alterTable('segments', (t) => {
    t.dropColumn('partition');
    t.dropColumn('splittable_rows');
    t.check('created_gte < created_lt', [], 'segments_range_check');
  });
  await knex.raw(`update runs set lower_bound = coalesce(lower_bound, (plan->>'createdGte')::bigint)`);
  await knex.raw('alter table runs alter column lower_bound set not null');
  await knex.schema.alterTable('runs', (t) => {
    t.dropColumn('plan');
    t.check('lower_bound < upper_bound', [], 'runs_bounds_check');
  });
}
