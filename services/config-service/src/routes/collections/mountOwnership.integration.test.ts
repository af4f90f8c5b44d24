import { getTestKnex, closeTestKnex, startEmulator, type TestEmulator } from '@datasync/testing';
import { startTestS3Server, type TestS3 } from '@datasync/destinations/testing';
import {
  createMysqlDestination,
  createPostgresDestination,
  type MysqlDestination,
  type PostgresDestination,
} from '../../testing/destinationDatabases';
import { createSyncFixture, type SyncFixture } from '../../testing/fixtures';
import { as, buildResourceApp, newCaller, otherEnvironmentCaller, type ApiCaller, type ResourceTestApp } from '../../testing/resourceApp';

// Two environments of one organization (production and development, as customers set them up)
// given the same destination: a table has one owner, recorded in the destination at mount.

const knex = getTestKnex();
let emulator: TestEmulator;
let pg: PostgresDestination;
let my: MysqlDestination;
let s3: TestS3;
let t: ResourceTestApp;

beforeAll(async () => {
  [emulator, pg, my, s3] = await Promise.all([startEmulator(), createPostgresDestination(), createMysqlDestination(), startTestS3Server()]);
  t = buildResourceApp(knex, { providerBaseUrl: emulator.baseUrl });
});
afterAll(async () => {
  await Promise.all([emulator?.stop(), pg?.drop(), my?.drop(), s3?.close()]);
  await closeTestKnex();
});

interface Pair {
  first: ApiCaller;
  second: ApiCaller;
  /** The environments' names: the first is the one the organization was signed up in. */
  names: [string, string];
  firstSync: SyncFixture;
  secondSync: SyncFixture;
}

/** The organization's two environments, each with a sync into the same destination. */
async function twoEnvironments(engine: 'postgres' | 'mysql' | 's3', connectionString: string): Promise<Pair> {
  const first = await newCaller(t.app);
  const second = await otherEnvironmentCaller(t.app, first);
  const firstSync = await createSyncFixture(t.app, first, { emulator, connectionString, engine, prefix: 'prod' });
  const secondSync = await createSyncFixture(t.app, second, { emulator, connectionString, engine, prefix: 'dev' });
  const name = first.user.body.environment.name;
  return { first, second, names: [name, name === 'production' ? 'development' : 'production'], firstSync, secondSync };
}

async function syncId(caller: ApiCaller, name: string): Promise<string> {
  return ((await as(t.app, caller).get(`/syncs/${name}`).expect(200)).body as { id: string }).id;
}

/** The 409 a second owner gets, naming the first: its sync and environment, names and ids. */
async function expectOwnedBy(res: { body: unknown }, table: string, owner: ApiCaller, ownerSync: string, environmentName: string) {
  const id = await syncId(owner, ownerSync);
  expect(res.body).toEqual({
    type: 'invalid_request_error',
    code: 'table_owned',
    param: 'resource_type',
    message: expect.stringMatching(
      new RegExp(
        `^The table ${table} in this destination belongs to the sync ${ownerSync} \\(${id}\\) of the environment ` +
          `${environmentName} \\(${owner.environmentId}\\) since \\d{4}-.+ A table has one owner`,
      ),
    ),
  });
}

let prefixes = 0;
const destinations = {
  postgres: () => pg.connectionString,
  mysql: () => my.connectionString,
  // A prefix per test: each its own tables.
  s3: () => s3.url({ prefix: `warehouse${(prefixes += 1)}` }),
};

describe.each(['postgres', 'mysql', 's3'] as const)('mounting a table another environment owns (%s)', (engine) => {
  it('is a 409 naming the owner; nothing is recorded, and the owner keeps the table', async () => {
    const { first, second, names, firstSync, secondSync } = await twoEnvironments(engine, destinations[engine]());
    await as(t.app, first).post(`/syncs/${firstSync.sync}/collections`, { resource_type: 'charges' }).expect(201);
    const res = await as(t.app, second).post(`/syncs/${secondSync.sync}/collections`, { resource_type: 'charges' }).expect(409);
    await expectOwnedBy(res, 'stripe_charges', first, firstSync.sync, names[0]);
    expect((await as(t.app, second).get(`/syncs/${secondSync.sync}/collections`).expect(200)).body.data).toEqual([]);
    // The owner mounts it again after an unmount: the claim stayed with it, its rows too.
    await as(t.app, first).delete(`/syncs/${firstSync.sync}/collections/charges`).expect(200);
    await as(t.app, second).post(`/syncs/${secondSync.sync}/collections`, { resource_type: 'charges' }).expect(409);
    await as(t.app, first).post(`/syncs/${firstSync.sync}/collections`, { resource_type: 'charges' }).expect(201);
  });

  it('is released when the owning sync is deleted: the other environment then mounts it', async () => {
    const { first, second, names, firstSync, secondSync } = await twoEnvironments(engine, destinations[engine]());
    await as(t.app, first).post(`/syncs/${firstSync.sync}/collections`, { resource_type: 'invoices' }).expect(201);
    await as(t.app, second).post(`/syncs/${secondSync.sync}/collections`, { resource_type: 'invoices' }).expect(409);
    await as(t.app, first).delete(`/syncs/${firstSync.sync}`).expect(200);
    await as(t.app, second).post(`/syncs/${secondSync.sync}/collections`, { resource_type: 'invoices' }).expect(201);
    // And now the first environment is the one refused.
    await as(t.app, first).post('/syncs', { name: 'prod_again', source: firstSync.source, destination: firstSync.destination }).expect(201);
    const res = await as(t.app, first).post('/syncs/prod_again/collections', { resource_type: 'invoices' }).expect(409);
    await expectOwnedBy(res, 'stripe_invoices', second, secondSync.sync, names[1]);
  });
});

describe('tables made before owners were recorded (postgres)', () => {
  it('are adopted by the first mount, which records its sync as the owner', async () => {
    const { first, second, names, firstSync, secondSync } = await twoEnvironments('postgres', pg.connectionString);
    // The table as an earlier version left it: mounted by the first environment, no owner recorded.
    await as(t.app, first).post(`/syncs/${firstSync.sync}/collections`, { resource_type: 'customers' }).expect(201);
    await pg.knex('_datasync_table_owners').where({ table_name: 'stripe_customers' }).delete();
    await as(t.app, second).post(`/syncs/${secondSync.sync}/collections`, { resource_type: 'customers' }).expect(201);
    const marker = await pg.knex('_datasync_table_owners').where({ table_name: 'stripe_customers' }).first();
    expect(marker).toMatchObject({
      environment_id: second.environmentId,
      environment_name: names[1],
      sync_id: await syncId(second, secondSync.sync),
      sync_name: secondSync.sync,
    });
    // From then on the table has one owner: the first environment, mounting it again, is refused.
    await as(t.app, first).delete(`/syncs/${firstSync.sync}/collections/customers`).expect(200);
    await as(t.app, first).post(`/syncs/${firstSync.sync}/collections`, { resource_type: 'customers' }).expect(409);
  });

  it('refuses another sync of the same environment too', async () => {
    const first = await newCaller(t.app);
    const one = await createSyncFixture(t.app, first, { emulator, connectionString: pg.connectionString, prefix: 'one' });
    const two = await createSyncFixture(t.app, first, { emulator, connectionString: pg.connectionString, prefix: 'two' });
    await as(t.app, first).post(`/syncs/${one.sync}/collections`, { resource_type: 'refunds' }).expect(201);
    const res = await as(t.app, first).post(`/syncs/${two.sync}/collections`, { resource_type: 'refunds' }).expect(409);
    expect(res.body).toMatchObject({ code: 'table_owned', message: expect.stringContaining(`the sync ${one.sync} (`) });
  });
});
