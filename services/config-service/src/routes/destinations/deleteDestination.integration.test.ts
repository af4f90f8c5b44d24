import request from 'supertest';
import { TABLES } from '@datasync/db';
import { getTestKnex, parameterInvalid } from '@datasync/testing';
import { createSyncFixture } from '../../testing/fixtures';
import { useProviderAndDestination } from '../../testing/providerAndDestination';
import { UNAUTHENTICATED, as, buildResourceApp, newCaller, otherEnvironmentCaller, type ResourceTestApp } from '../../testing/resourceApp';

const knex = getTestKnex();
const world = useProviderAndDestination();
let t: ResourceTestApp;

beforeAll(async () => {
  t = buildResourceApp(knex, { providerBaseUrl: world.emulator.baseUrl });
});

describe('DELETE /api/v1/destinations/{name}', () => {
  it('needs authentication', async () => {
    expect((await request(t.app).delete('/api/v1/destinations/x').expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('refuses a name that breaks the naming rule', async () => {
    const caller = await newCaller(t.app);
    const res = await as(t.app, caller).delete('/destinations/a.b').expect(400);
    expect(res.body).toEqual(parameterInvalid('name', 'name may contain only lowercase letters, digits and underscores'));
  });

  it('deletes an unused destination, keeps what is in the database, and audits it', async () => {
    const caller = await newCaller(t.app);
    const created = await as(t.app, caller)
      .post('/destinations', { name: 'old', engine: 'postgres', connection_string: world.pg.connectionString })
      .expect(201);
    const res = await as(t.app, caller).delete('/destinations/old').expect(200);
    expect(res.body).toEqual({ deleted: true, destination: created.body });
    expect(await knex(TABLES.destinations).where({ id: created.body.id }).first()).toBeUndefined();
    const audit = await knex(TABLES.auditLog).where({ environment_id: caller.environmentId, action: 'destination.deleted' }).first();
    expect(audit).toMatchObject({ target: 'old', details: { engine: 'postgres' } });
    await as(t.app, caller).get('/destinations/old').expect(404);
  });

  it('refuses while a sync writes into it, naming the sync', async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator: world.emulator, connectionString: world.pg.connectionString });
    const res = await as(t.app, caller).delete(`/destinations/${fixture.destination}`).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'destination_in_use',
      param: 'name',
      message: `The destination ${fixture.destination} is used by a sync: ${fixture.sync}. Delete the sync first.`,
    });
    await as(t.app, caller).get(`/destinations/${fixture.destination}`).expect(200);
    await as(t.app, caller).delete(`/syncs/${fixture.sync}`).expect(200);
    await as(t.app, caller).delete(`/destinations/${fixture.destination}`).expect(200);
  });

  it("answers 404 for another environment's destination and leaves it", async () => {
    const caller = await newCaller(t.app);
    await as(t.app, caller)
      .post('/destinations', { name: 'theirs', engine: 'postgres', connection_string: world.pg.connectionString })
      .expect(201);
    const res = await as(t.app, await newCaller(t.app))
      .delete('/destinations/theirs')
      .expect(404);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'name',
      message: 'No destination named theirs in this environment.',
    });
    await as(t.app, await otherEnvironmentCaller(t.app, caller))
      .delete('/destinations/theirs')
      .expect(404);
    await as(t.app, caller).get('/destinations/theirs').expect(200);
  });
});
