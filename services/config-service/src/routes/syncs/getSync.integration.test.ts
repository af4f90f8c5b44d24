import request from 'supertest';
import { TABLES } from '@datasync/db';
import { getTestKnex, parameterInvalid } from '@datasync/testing';
import { asCaller, buildAccountsApp, type AccountsTestApp } from '../../testing/accountsApp';
import { syncOverviewSchema } from '../../syncs/syncs.schemas';
import { createSyncFixture } from '../../testing/fixtures';
import { useProviderAndDestination } from '../../testing/providerAndDestination';
import { UNAUTHENTICATED, as, buildResourceApp, newCaller, otherEnvironmentCaller, type ResourceTestApp } from '../../testing/resourceApp';

const knex = getTestKnex();
const world = useProviderAndDestination();
let t: ResourceTestApp;
let withAccounts: AccountsTestApp;

beforeAll(async () => {
  t = buildResourceApp(knex, { providerBaseUrl: world.emulator.baseUrl });
  withAccounts = buildAccountsApp(knex, world.emulator);
});

describe('GET /api/v1/syncs/{name}', () => {
  it('needs authentication', async () => {
    expect((await request(t.app).get('/api/v1/syncs/x').expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('refuses a name that breaks the naming rule', async () => {
    const caller = await newCaller(t.app);
    const res = await as(t.app, caller).get('/syncs/sync1').expect(400);
    expect(res.body).toEqual(parameterInvalid('name', 'name may contain only lowercase letters and underscores'));
  });

  it('shows the overview: source, destination, mounted collections, accounts and activity', async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator: world.emulator, connectionString: world.pg.connectionString });
    await as(t.app, caller).post(`/syncs/${fixture.sync}/collections`, { resource_type: 'charges' }).expect(201);
    await as(t.app, caller).post(`/syncs/${fixture.sync}/collections`, { resource_type: 'refunds' }).expect(201);
    await as(t.app, caller).delete(`/syncs/${fixture.sync}/collections/refunds`).expect(200);
    const res = await as(t.app, caller).get(`/syncs/${fixture.sync}`).expect(200);
    expect(syncOverviewSchema.validate(res.body).error).toBeUndefined();
    expect(res.body).toEqual({
      id: expect.any(String),
      name: fixture.sync,
      source: { name: fixture.source, provider: 'stripe' },
      destination: { name: fixture.destination, engine: 'postgres' },
      created_at: expect.any(String),
      collections: [
        {
          id: expect.any(String),
          resource_type: 'charges',
          table_name: 'stripe_charges',
          status: 'mounted',
          mounted_at: expect.any(String),
          unmounted_at: null,
          created_at: expect.any(String),
        },
      ],
      // No account and no run yet: "none yet".
      accounts: { total: 0, active: 0 },
      rows_loaded: null,
      last_activity_at: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(fixture.privateKey);
  });

  it("counts the source's accounts and the rows the loader wrote through the sync", async () => {
    const app = withAccounts.app;
    const caller = await newCaller(app);
    // A schema of its own: stripe_charges of the database belongs to another test's sync.
    const fixture = await createSyncFixture(app, caller, { emulator: world.emulator, connectionString: await world.pg.newSchema() });
    await as(app, caller).post(`/syncs/${fixture.sync}/collections`, { resource_type: 'charges' }).expect(201);
    for (const identifier of ['customer_1', 'customer_2']) {
      const account = await world.emulator.createAccount();
      await asCaller(app, caller).post(`/syncs/${fixture.sync}/accounts`, { credential: account.secret_key, identifier }).expect(200);
    }
    const before = (await as(app, caller).get(`/syncs/${fixture.sync}`).expect(200)).body as Record<string, unknown>;
    expect(before).toMatchObject({ accounts: { total: 2, active: 2 }, rows_loaded: null, last_activity_at: null });

    // A backfill of customer_1's charges, recorded as the loader records it: a run and its segments.
    const sync = await knex(TABLES.syncs).where({ environment_id: caller.environmentId, name: fixture.sync }).first('id', 'destination_id');
    const collection = await knex(TABLES.collections).where({ sync_id: sync.id, resource_type: 'charges' }).first('id');
    const account = await knex(TABLES.accounts).where({ environment_id: caller.environmentId, identifier: 'customer_1' }).first('id');
    const [run] = await knex(TABLES.runs)
      .insert({
        environment_id: caller.environmentId,
        account_id: account.id,
        sync_id: sync.id,
        collection_id: collection.id,
        destination_id: sync.destination_id,
        table_name: 'stripe_charges',
        resource_type: 'charges',
        status: 'completed',
        lower_bound: 0,
        upper_bound: 2_000,
        planned: true,
        completed_at: new Date('2026-11-20T10:05:00Z'),
      })
      .returning('id');
    await knex(TABLES.segments).insert([
      {
        run_id: run.id,
        n: 0,
        account_id: account.id,
        created_gte: 0,
        created_lt: 1_000,
        status: 'done',
        pages_read: 2,
        rows_written: 150,
        updated_at: new Date('2026-11-20T10:02:00Z'),
      },
      {
        run_id: run.id,
        n: 1,
        account_id: account.id,
        created_gte: 1_000,
        created_lt: 2_000,
        status: 'done',
        pages_read: 1,
        rows_written: 42,
        updated_at: new Date('2026-11-20T10:04:00Z'),
      },
    ]);

    const res = await as(app, caller).get(`/syncs/${fixture.sync}`).expect(200);
    expect(syncOverviewSchema.validate(res.body).error).toBeUndefined();
    expect(res.body).toMatchObject({ accounts: { total: 2, active: 2 }, rows_loaded: 192, last_activity_at: '2026-11-20T10:05:00.000Z' });
  });

  it("answers 404 for another environment's sync", async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator: world.emulator, connectionString: world.pg.connectionString });
    const res = await as(t.app, await otherEnvironmentCaller(t.app, caller))
      .get(`/syncs/${fixture.sync}`)
      .expect(404);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'name',
      message: `No sync named ${fixture.sync} in this environment.`,
    });
  });
});
