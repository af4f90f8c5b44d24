import request from 'supertest';
import { closeTestKnex, getTestKnex } from '@datasync/testing';
import { syncOverviewSchema } from '../../syncs/syncs.schemas';
import { createPostgresDestination, type PostgresDestination } from '../resourceTestSupport/destinationDatabases';
import { startEmulator, type TestEmulator } from '../resourceTestSupport/emulator';
import { createSyncFixture } from '../resourceTestSupport/fixtures';
import { UNAUTHENTICATED, as, buildResourceApp, newCaller, otherEnvironmentCaller, type ResourceTestApp } from '../resourceTestSupport/resourceApp';

const knex = getTestKnex();
let emulator: TestEmulator;
let pg: PostgresDestination;
let t: ResourceTestApp;

beforeAll(async () => {
  [emulator, pg] = await Promise.all([startEmulator(), createPostgresDestination()]);
  t = buildResourceApp(knex, { providerBaseUrl: emulator.baseUrl });
});
afterAll(async () => {
  await Promise.all([emulator?.stop(), pg?.drop()]);
  await closeTestKnex();
});

describe('GET /api/v1/syncs/{name}', () => {
  it('needs authentication', async () => {
    expect((await request(t.app).get('/api/v1/syncs/x').expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('refuses a name that breaks the naming rule', async () => {
    const caller = await newCaller(t.app);
    const res = await as(t.app, caller).get('/syncs/sync1').expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'name',
      message: 'name may contain only lowercase letters and underscores',
      errors: [{ param: 'name', message: 'name may contain only lowercase letters and underscores' }],
    });
  });

  it('shows the overview: source, destination, mounted collections, accounts and activity', async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator, connectionString: pg.connectionString });
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
      // Filled by the accounts and loader issues; until then "none yet".
      accounts: { total: 0, active: 0 },
      rows_loaded: null,
      last_activity_at: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(fixture.privateKey);
  });

  it("answers 404 for another environment's sync", async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator, connectionString: pg.connectionString });
    const res = await as(t.app, await otherEnvironmentCaller(t.app, caller)).get(`/syncs/${fixture.sync}`).expect(404);
    expect(res.body).toEqual({ type: 'invalid_request_error', code: 'resource_missing', param: 'name', message: `No sync named ${fixture.sync} in this environment.` });
  });
});
