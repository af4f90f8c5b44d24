import request from 'supertest';
import { getEngine, tableColumns } from '@datasync/destinations';
import { getResource, tableSpecOf } from '@datasync/providers';
import { getTestKnex, parameterInvalid } from '@datasync/testing';
import { collectionSchema } from '../../collections/collections.schemas';
import { createSyncFixture } from '../../testing/fixtures';
import { useProviderAndDestination } from '../../testing/providerAndDestination';
import { UNAUTHENTICATED, as, buildResourceApp, newCaller, otherEnvironmentCaller, type ResourceTestApp } from '../../testing/resourceApp';

const knex = getTestKnex();
const world = useProviderAndDestination();
let t: ResourceTestApp;

beforeAll(async () => {
  t = buildResourceApp(knex, { providerBaseUrl: world.emulator.baseUrl });
});

describe('GET /api/v1/syncs/{name}/collections/{resource_type}', () => {
  it('needs authentication', async () => {
    expect((await request(t.app).get('/api/v1/syncs/x/collections/charges').expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('refuses an invalid sync name', async () => {
    const caller = await newCaller(t.app);
    const res = await as(t.app, caller).get('/syncs/NO/collections/charges').expect(400);
    expect(res.body).toEqual(parameterInvalid('name', 'name may contain only lowercase letters and underscores'));
  });

  it("returns the collection with its table's columns in the destination's types, mounted or unmounted", async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator: world.emulator, connectionString: world.pg.connectionString });
    const mounted = await as(t.app, caller).post(`/syncs/${fixture.sync}/collections`, { resource_type: 'invoices' }).expect(201);
    const res = await as(t.app, caller).get(`/syncs/${fixture.sync}/collections/invoices`).expect(200);
    expect(collectionSchema.validate(res.body).error).toBeUndefined();
    expect(res.body).toEqual(mounted.body);
    const expected = tableColumns(getEngine('postgres').dialect, tableSpecOf(getResource('stripe', 'invoices'))).map((c) => ({
      name: c.name,
      type: c.sqlType,
      nullable: c.nullable,
    }));
    expect(res.body.columns).toEqual(expected);

    await as(t.app, caller).delete(`/syncs/${fixture.sync}/collections/invoices`).expect(200);
    const after = await as(t.app, caller).get(`/syncs/${fixture.sync}/collections/invoices`).expect(200);
    expect(after.body).toMatchObject({ id: mounted.body.id, status: 'unmounted', unmounted_at: expect.any(String) });
  });

  it("answers 404 for a resource the sync never mounted, and for another environment's sync", async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator: world.emulator, connectionString: world.pg.connectionString });
    await as(t.app, caller).post(`/syncs/${fixture.sync}/collections`, { resource_type: 'charges' }).expect(201);
    const never = await as(t.app, caller).get(`/syncs/${fixture.sync}/collections/payouts`).expect(404);
    expect(never.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'resource_type',
      message: `The sync ${fixture.sync} has no collection payouts.`,
    });
    await as(t.app, caller).get(`/syncs/${fixture.sync}/collections/widgets`).expect(404);
    const elsewhere = await as(t.app, await otherEnvironmentCaller(t.app, caller))
      .get(`/syncs/${fixture.sync}/collections/charges`)
      .expect(404);
    expect(elsewhere.body).toMatchObject({ code: 'resource_missing', param: 'name' });
  });
});
