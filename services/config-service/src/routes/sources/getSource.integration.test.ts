import request from 'supertest';
import { closeTestKnex, getTestKnex, parameterInvalid, startEmulator, type TestEmulator } from '@datasync/testing';
import { sourceSchema } from '../../sources/sources.schemas';
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

describe('GET /api/v1/sources/{name}', () => {
  it('needs authentication', async () => {
    expect((await request(t.app).get('/api/v1/sources/x').expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('refuses a name that breaks the naming rule', async () => {
    const caller = await newCaller(t.app);
    const res = await as(t.app, caller)
      .get(`/sources/${'a'.repeat(64)}`)
      .expect(400);
    expect(res.body).toEqual(parameterInvalid('name', 'name length must be less than or equal to 63 characters long'));
  });

  it('returns the source without its key', async () => {
    const caller = await newCaller(t.app);
    const account = await emulator.createAccount();
    const created = await as(t.app, caller)
      .post('/sources', { name: 'payments', provider: 'stripe', private_key: account.secret_key })
      .expect(201);
    const res = await as(t.app, caller).get('/sources/payments').expect(200);
    expect(sourceSchema.validate(res.body).error).toBeUndefined();
    expect(res.body).toEqual(created.body);
    expect(JSON.stringify(res.body)).not.toContain(account.secret_key);
  });

  it("answers 404 for another environment's source", async () => {
    const caller = await newCaller(t.app);
    const account = await emulator.createAccount();
    await as(t.app, caller).post('/sources', { name: 'private_one', provider: 'stripe', private_key: account.secret_key }).expect(201);
    const expected = {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'name',
      message: 'No source named private_one in this environment.',
    };
    expect(
      (
        await as(t.app, await otherEnvironmentCaller(t.app, caller))
          .get('/sources/private_one')
          .expect(404)
      ).body,
    ).toEqual(expected);
    expect(
      (
        await as(t.app, await newCaller(t.app))
          .get('/sources/private_one')
          .expect(404)
      ).body,
    ).toEqual(expected);
  });
});
