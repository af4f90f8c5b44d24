import request from 'supertest';
import { getTestKnex } from '@datasync/testing';
import { collectionListSchema } from '../../collections/collections.schemas';
import { createSyncFixture } from '../../testing/fixtures';
import { useProviderAndDestination } from '../../testing/providerAndDestination';
import { UNAUTHENTICATED, as, buildResourceApp, newCaller, otherEnvironmentCaller, type ResourceTestApp } from '../../testing/resourceApp';

const knex = getTestKnex();
const world = useProviderAndDestination();
let t: ResourceTestApp;

beforeAll(async () => {
  t = buildResourceApp(knex, { providerBaseUrl: world.emulator.baseUrl });
});

describe('GET /api/v1/syncs/{name}/collections', () => {
  it('needs authentication', async () => {
    expect((await request(t.app).get('/api/v1/syncs/x/collections').expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('refuses an invalid sync name and unknown query parameters in one 400', async () => {
    const caller = await newCaller(t.app);
    const res = await as(t.app, caller).get('/syncs/x9/collections?status=mounted').expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'name',
      message: 'name may contain only lowercase letters and underscores; status is not allowed',
      errors: [
        { param: 'name', message: 'name may contain only lowercase letters and underscores' },
        { param: 'status', message: 'status is not allowed' },
      ],
    });
  });

  it('lists mounted collections first, then unmounted ones', async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator: world.emulator, connectionString: world.pg.connectionString });
    for (const resource of ['refunds', 'charges', 'customers']) {
      await as(t.app, caller).post(`/syncs/${fixture.sync}/collections`, { resource_type: resource }).expect(201);
    }
    await as(t.app, caller).delete(`/syncs/${fixture.sync}/collections/charges`).expect(200);
    const res = await as(t.app, caller).get(`/syncs/${fixture.sync}/collections`).expect(200);
    expect(collectionListSchema.validate(res.body).error).toBeUndefined();
    expect(
      res.body.data.map((c: { resource_type: string; status: string; table_name: string }) => [c.resource_type, c.status, c.table_name]),
    ).toEqual([
      ['customers', 'mounted', 'stripe_customers'],
      ['refunds', 'mounted', 'stripe_refunds'],
      ['charges', 'unmounted', 'stripe_charges'],
    ]);
  });

  it("answers 404 for another environment's sync", async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator: world.emulator, connectionString: world.pg.connectionString });
    const res = await as(t.app, await otherEnvironmentCaller(t.app, caller))
      .get(`/syncs/${fixture.sync}/collections`)
      .expect(404);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'name',
      message: `No sync named ${fixture.sync} in this environment.`,
    });
  });
});
