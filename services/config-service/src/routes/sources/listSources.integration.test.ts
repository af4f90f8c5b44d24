import request from 'supertest';
import { closeTestKnex, getTestKnex, parameterInvalid, startEmulator, type TestEmulator } from '@datasync/testing';
import { sourceListSchema } from '../../sources/sources.schemas';
import { UNAUTHENTICATED, as, buildResourceApp, newCaller, otherEnvironmentCaller, type ResourceTestApp } from '../../testing/resourceApp';

const knex = getTestKnex();
let emulator: TestEmulator;
let t: ResourceTestApp;

beforeAll(async () => {
  emulator = await startEmulator();
  t = buildResourceApp(knex, { providerBaseUrl: emulator.baseUrl });
});
afterAll(async () => {
  await emulator?.stop();
  await closeTestKnex();
});

describe('GET /api/v1/sources', () => {
  it('needs authentication', async () => {
    expect((await request(t.app).get('/api/v1/sources').expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('refuses unknown query parameters', async () => {
    const caller = await newCaller(t.app);
    const res = await as(t.app, caller).get('/sources?provider=stripe').expect(400);
    expect(res.body).toEqual(parameterInvalid('provider', 'provider is not allowed'));
  });

  it("lists the environment's sources oldest first, never another's, never a key", async () => {
    const caller = await newCaller(t.app);
    const other = await otherEnvironmentCaller(t.app, caller);
    const [a, b] = await Promise.all([emulator.createAccount(), emulator.createAccount()]);
    await as(t.app, caller).post('/sources', { name: 'one', provider: 'stripe', private_key: a.secret_key }).expect(201);
    await as(t.app, caller).post('/sources', { name: 'two', provider: 'stripe', private_key: b.secret_key }).expect(201);
    await as(t.app, other).post('/sources', { name: 'elsewhere', provider: 'stripe', private_key: a.secret_key }).expect(201);
    const res = await as(t.app, caller).get('/sources').expect(200);
    expect(sourceListSchema.validate(res.body).error).toBeUndefined();
    expect(res.body.data.map((s: { name: string; provider_account_id: string }) => [s.name, s.provider_account_id])).toEqual([
      ['one', a.id],
      ['two', b.id],
    ]);
    expect(JSON.stringify(res.body)).not.toContain(a.secret_key);
    expect(JSON.stringify(res.body)).not.toContain(b.secret_key);
    expect((await as(t.app, other).get('/sources').expect(200)).body.data.map((s: { name: string }) => s.name)).toEqual(['elsewhere']);
  });
});
