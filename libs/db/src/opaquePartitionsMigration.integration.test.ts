import { randomBytes, randomUUID } from 'node:crypto';
import { loadMigrateConfig } from './config';
import { createKnex, type Knex } from './connection';
import { dropDatabase, ensureDatabase, withDatabase } from './databases';
import { DirectoryMigrationSource, migrateLatest, migrateRollback } from './migrator';

// Rows written before the loader stored partitions as JSON must read the same after the migration
// (a Stripe partition is its `created` range, a cursor the last object and its `created`), and
// back again after its down migration.

const OPAQUE = '20261128130000_opaque_partitions';
const serverUrl = loadMigrateConfig().DATABASE_URL;
const adminUrl = withDatabase(serverUrl, 'postgres');
const database = `datasync_migtest_${randomBytes(5).toString('hex')}`;
let knex: Knex;

/** The history up to the migration before OPAQUE. */
class HistoryBefore extends DirectoryMigrationSource {
  override async getMigrations(extensions?: readonly string[]): Promise<string[]> {
    return (await super.getMigrations(extensions)).filter((file) => this.getMigrationName(file) < OPAQUE);
  }
}

/** The history up to OPAQUE included: later migrations (another branch's) are not this test's. */
class HistoryThrough extends DirectoryMigrationSource {
  override async getMigrations(extensions?: readonly string[]): Promise<string[]> {
    return (await super.getMigrations(extensions)).filter((file) => this.getMigrationName(file) <= OPAQUE);
  }
}

beforeAll(async () => {
  await ensureDatabase(adminUrl, database);
  knex = createKnex({ url: withDatabase(serverUrl, database), applicationName: 'migtest', statementTimeoutMs: 10_000, poolMax: 1 });
});

afterAll(async () => {
  await knex?.destroy();
  await dropDatabase(adminUrl, database);
});

const runId = randomUUID();
const accountId = randomUUID();

it('moves Stripe ranges and cursors into JSON and back', async () => {
  await migrateLatest(knex, new HistoryBefore());
  await knex.transaction(async (trx) => {
    // Only the rows under test: the foreign keys' parents are not what this migration changes.
    await trx.raw('set local session_replication_role = replica');
    const ids = { environment_id: randomUUID(), account_id: accountId, sync_id: randomUUID(), collection_id: randomUUID() };
    await trx('runs').insert({
      id: runId,
      ...ids,
      destination_id: randomUUID(),
      table_name: 'stripe_charges',
      resource_type: 'charges',
      status: 'running',
      lower_bound: 100,
      upper_bound: 200,
      planned: true,
    });
    await trx('segments').insert([
      {
        run_id: runId,
        n: 0,
        account_id: accountId,
        created_gte: 100,
        created_lt: 200,
        cursor: 'ch_1',
        cursor_created: 150,
        rows_written: 10,
        status: 'queued',
      },
      { run_id: runId, n: 1, account_id: accountId, created_gte: 50, created_lt: 100, status: 'pending' },
    ]);
  });

  expect(await migrateLatest(knex, new HistoryThrough())).toEqual({ batch: 2, migrations: [OPAQUE] });
  expect(await knex('runs').where({ id: runId }).first('plan', 'lower_bound', 'upper_bound')).toEqual({
    plan: { createdGte: 100, createdLt: 200 },
    lower_bound: '100',
    upper_bound: '200',
  });
  expect(await knex('segments').where({ run_id: runId }).orderBy('n').select('partition', 'cursor', 'splittable_rows')).toEqual([
    // 10 rows over the 50 s read, 50 s left: the estimate the dispatcher made from the columns.
    { partition: { createdGte: 100, createdLt: 200 }, cursor: { after: 'ch_1', created: 150 }, splittable_rows: '10' },
    { partition: { createdGte: 50, createdLt: 100 }, cursor: null, splittable_rows: '0' },
  ]);
  expect(await knex.schema.hasColumn('segments', 'cursor_created')).toBe(false);

  expect(await migrateRollback(knex)).toEqual({ batch: 2, migrations: [OPAQUE] });
  expect(
    await knex('segments').where({ run_id: runId }).orderBy('n').select('created_gte', 'created_lt', 'cursor', 'cursor_created'),
  ).toEqual([
    { created_gte: '100', created_lt: '200', cursor: 'ch_1', cursor_created: '150' },
    { created_gte: '50', created_lt: '100', cursor: null, cursor_created: null },
  ]);
  expect(await knex.schema.hasColumn('runs', 'plan')).toBe(false);
});
