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

describe('DELETE /api/v1/sources/{name}', () => {
  it('needs authentication', async () => {
    expect((await request(t.app).delete('/api/v1/sources/x').expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('refuses a name that breaks the naming rule', async () => {
    const caller = await newCaller(t.app);
    const res = await as(t.app, caller).delete('/sources/UPPER').expect(400);
    expect(res.body).toMatchObject({
      code: 'parameter_invalid',
      param: 'name',
      errors: [{ param: 'name', message: 'name may contain only lowercase letters, digits and underscores' }],
    });
  });

  it('deletes an unused source and audits it', async () => {
    const caller = await newCaller(t.app);
    const account = await world.emulator.createAccount();
    const created = await as(t.app, caller)
      .post('/sources', { name: 'gone', provider: 'stripe', private_key: account.secret_key })
      .expect(201);
    const res = await as(t.app, caller).delete('/sources/gone').expect(200);
    expect(res.body).toEqual({ deleted: true, source: created.body });
    expect(await knex(TABLES.sources).where({ id: created.body.id }).first()).toBeUndefined();
    expect(
      await knex(TABLES.auditLog).where({ environment_id: caller.environmentId, action: 'source.deleted', target: 'gone' }).first(),
    ).toBeDefined();
    await as(t.app, caller).get('/sources/gone').expect(404);
  });

  it('refuses while a sync uses it, naming the sync', async () => {
    const caller = await newCaller(t.app);
    const fixture = await createSyncFixture(t.app, caller, { emulator: world.emulator, connectionString: world.pg.connectionString });
    const res = await as(t.app, caller).delete(`/sources/${fixture.source}`).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'source_in_use',
      param: 'name',
      message: `The source ${fixture.source} is used by a sync: ${fixture.sync}. Delete the sync first.`,
    });
    expect(await knex(TABLES.sources).where({ environment_id: caller.environmentId, name: fixture.source }).first()).toBeDefined();
    await as(t.app, caller).delete(`/syncs/${fixture.sync}`).expect(200);
    await as(t.app, caller).delete(`/sources/${fixture.source}`).expect(200);
  });

  it("answers 404 for another environment's source and leaves it", async () => {
    const caller = await newCaller(t.app);
    const account = await world.emulator.createAccount();
    await as(t.app, caller).post('/sources', { name: 'kept', provider: 'stripe', private_key: account.secret_key }).expect(201);
    const res = await as(t.app, await otherEnvironmentCaller(t.app, caller))
      .delete('/sources/kept')
      .expect(404);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'name',
      message: 'No source named kept in this environment.',
    });
    await as(t.app, caller).get('/sources/kept').expect(200);
  });
});
