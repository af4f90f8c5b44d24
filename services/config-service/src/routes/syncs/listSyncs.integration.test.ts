import request from 'supertest';
import { getTestKnex, parameterInvalid } from '@datasync/testing';
import { syncListSchema } from '../../syncs/syncs.schemas';
import { createSyncFixture } from '../../testing/fixtures';
import { useProviderAndDestination } from '../../testing/providerAndDestination';
import { UNAUTHENTICATED, as, buildResourceApp, newCaller, otherEnvironmentCaller, type ResourceTestApp } from '../../testing/resourceApp';

const knex = getTestKnex();
const world = useProviderAndDestination();
let t: ResourceTestApp;

beforeAll(async () => {
  t = buildResourceApp(knex, { providerBaseUrl: world.emulator.baseUrl });
});

describe('GET /api/v1/syncs', () => {
  it('needs authentication', async () => {
    expect((await request(t.app).get('/api/v1/syncs').expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('refuses unknown query parameters', async () => {
    const caller = await newCaller(t.app);
    const res = await as(t.app, caller).get('/syncs?source=x').expect(400);
    expect(res.body).toEqual(parameterInvalid('source', 'source is not allowed'));
  });

  it("lists the environment's syncs with what they connect, never another environment's", async () => {
    const caller = await newCaller(t.app);
    const other = await otherEnvironmentCaller(t.app, caller);
    const fixture = await createSyncFixture(t.app, caller, {
      emulator: world.emulator,
      connectionString: world.pg.connectionString,
      prefix: 'mine',
    });
    await createSyncFixture(t.app, other, { emulator: world.emulator, connectionString: world.pg.connectionString, prefix: 'theirs' });
    const res = await as(t.app, caller).get('/syncs').expect(200);
    expect(syncListSchema.validate(res.body).error).toBeUndefined();
    expect(res.body.data).toEqual([
      {
        id: expect.any(String),
        name: fixture.sync,
        source: { name: fixture.source, provider: 'stripe' },
        destination: { name: fixture.destination, engine: 'postgres' },
        created_at: expect.any(String),
      },
    ]);
    expect((await as(t.app, other).get('/syncs').expect(200)).body.data.map((s: { name: string }) => s.name)).toEqual(['theirs_sync']);
  });
});
