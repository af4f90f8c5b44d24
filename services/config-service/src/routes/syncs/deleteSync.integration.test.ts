import request from 'supertest';
import { TABLES } from '@datasync/db';
import { getTestKnex } from '@datasync/testing';
import { createSyncFixture } from '../../testing/fixtures';
import { useProviderAndDestination } from '../../testing/providerAndDestination';
import { UNAUTHENTICATED, as, buildResourceApp, newCaller, otherEnvironmentCaller, type ResourceTestApp } from '../../testing/resourceApp';

const knex = getTestKnex();
const world = useProviderAndDestination();
let t: ResourceTestApp;

beforeAll(async () => {
  t = buildResourceApp(knex, { providerBaseUrl: world.emulator.baseUrl });
});

describe('DELETE /api/v1/syncs/{name}', () => {
  it('needs authentication', async () => {
    expect((await request(t.app).delete('/api/v1/syncs/x').expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('refuses a name that breaks the naming rule', async () => {
    const caller = await newCaller(t.app);
    const res = await as(t.app, caller).delete('/syncs/Sync').expect(400);
    expect(res.body).toMatchObject({
      code: 'parameter_invalid',
      errors: [{ param: 'name', message: 'name may contain only lowercase letters and underscores' }],
    });
  });

  it('deletes the sync with its collections, keeps the tables, the source and the destination, and audits it', async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator: world.emulator, connectionString: world.pg.connectionString });
    await as(t.app, caller).post(`/syncs/${fixture.sync}/collections`, { resource_type: 'charges' }).expect(201);
    const sync = await knex(TABLES.syncs).where({ environment_id: caller.environmentId, name: fixture.sync }).first('id');

    const res = await as(t.app, caller).delete(`/syncs/${fixture.sync}`).expect(200);
    expect(res.body).toEqual({
      deleted: true,
      sync: expect.objectContaining({ name: fixture.sync, source: { name: fixture.source, provider: 'stripe' } }),
      unmounted: ['charges'],
    });
    expect(await knex(TABLES.syncs).where({ id: sync.id }).first()).toBeUndefined();
    expect(await knex(TABLES.collections).where({ sync_id: sync.id })).toEqual([]);
    expect(
      await world.pg.knex('information_schema.tables').where({ table_schema: 'public', table_name: 'stripe_charges' }).first(),
    ).toBeDefined();
    await as(t.app, caller).get(`/sources/${fixture.source}`).expect(200);
    await as(t.app, caller).get(`/destinations/${fixture.destination}`).expect(200);
    const audit = await knex(TABLES.auditLog).where({ environment_id: caller.environmentId, action: 'sync.deleted' }).first();
    expect(audit).toMatchObject({
      target: fixture.sync,
      details: { source: fixture.source, destination: fixture.destination, collections: ['charges'] },
    });
    await as(t.app, caller).get(`/syncs/${fixture.sync}`).expect(404);
  });

  it("answers 404 for another environment's sync and leaves it", async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator: world.emulator, connectionString: world.pg.connectionString });
    const res = await as(t.app, await otherEnvironmentCaller(t.app, caller))
      .delete(`/syncs/${fixture.sync}`)
      .expect(404);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'name',
      message: `No sync named ${fixture.sync} in this environment.`,
    });
    await as(t.app, caller).get(`/syncs/${fixture.sync}`).expect(200);
  });
});
