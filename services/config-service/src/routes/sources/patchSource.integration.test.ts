import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { TABLES } from '@datasync/db';
import { closeTestKnex, getTestKnex, parameterInvalid, startEmulator, type TestEmulator } from '@datasync/testing';
import { sourceSchema } from '../../sources/sources.schemas';
import {
  UNAUTHENTICATED,
  as,
  buildResourceApp,
  newCaller,
  otherEnvironmentCaller,
  type ApiCaller,
  type ResourceTestApp,
} from '../../testing/resourceApp';

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

/** The shape of Stripe Connect's client ids; nothing verifies it, so it need not exist anywhere. */
const clientId = () => `ca_${randomBytes(12).toString('hex')}`;

async function createSource(caller: ApiCaller, name: string, extra: object = {}) {
  const account = await emulator.createAccount();
  return (
    await as(t.app, caller)
      .post('/sources', { name, provider: 'stripe', private_key: account.secret_key, ...extra })
      .expect(201)
  ).body as {
    id: string;
    updated_at: string;
  };
}

describe('PATCH /api/v1/sources/{name}', () => {
  it('needs authentication', async () => {
    expect((await request(t.app).patch('/api/v1/sources/x').send({ oauth_client_id: null }).expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it("needs the session's CSRF token when called from the dashboard", async () => {
    const caller = await newCaller(t.app);
    await createSource(caller, 'from_dashboard');
    const body = { oauth_client_id: clientId() };
    const refused = await caller.user.agent.patch('/api/v1/sources/from_dashboard').send(body).expect(403);
    expect(refused.body).toMatchObject({ type: 'permission_error', code: 'csrf_token_invalid' });
    expect(
      await knex(TABLES.sources).where({ environment_id: caller.environmentId, name: 'from_dashboard' }).first('oauth_client_id'),
    ).toEqual({ oauth_client_id: null });
    const res = await caller.user.agent
      .patch('/api/v1/sources/from_dashboard')
      .set('X-CSRF-Token', caller.user.csrf)
      .send(body)
      .expect(200);
    expect(res.body.oauth_client_id).toBe(body.oauth_client_id);
  });

  it('names every invalid field in one 400, and changes nothing', async () => {
    const caller = await newCaller(t.app);
    const kept = clientId();
    await createSource(caller, 'kept', { oauth_client_id: kept });
    const res = await as(t.app, caller)
      .patch('/sources/kept', { oauth_client_id: 'pk_test_123', private_key: 'sk_test_x', name: 'renamed' })
      .expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'oauth_client_id',
      message:
        'oauth_client_id must be a Stripe Connect client id: ca_ followed by letters and digits; private_key is not allowed; name is not allowed',
      errors: [
        { param: 'oauth_client_id', message: 'oauth_client_id must be a Stripe Connect client id: ca_ followed by letters and digits' },
        { param: 'private_key', message: 'private_key is not allowed' },
        { param: 'name', message: 'name is not allowed' },
      ],
    });
    const missing = await as(t.app, caller).patch('/sources/kept', {}).expect(400);
    expect(missing.body).toEqual(parameterInvalid('body', 'Send oauth_client_id, rate_budget_percent or both.'));
    // The column's own check would take these; the API refuses them first, with the same clear 400.
    for (const bad of ['', 'ca_', 'ca_has_underscore', `ca_${'a'.repeat(253)}`, 42]) {
      const refused = await as(t.app, caller).patch('/sources/kept', { oauth_client_id: bad }).expect(400);
      expect(refused.body).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid', param: 'oauth_client_id' });
    }
    expect(await knex(TABLES.sources).where({ environment_id: caller.environmentId, name: 'kept' }).first('oauth_client_id')).toEqual({
      oauth_client_id: kept,
    });
  });

  it('sets the client id, then clears it with null; each change is audited', async () => {
    const caller = await newCaller(t.app);
    const created = await createSource(caller, 'stripe_main');
    const id = clientId();
    const set = await as(t.app, caller).patch('/sources/stripe_main', { oauth_client_id: id }).expect(200);
    expect(sourceSchema.validate(set.body).error).toBeUndefined();
    expect(set.body).toEqual({ ...created, oauth_client_id: id, updated_at: expect.any(String) });
    expect(Date.parse(set.body.updated_at as string)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));
    expect((await as(t.app, caller).get('/sources/stripe_main').expect(200)).body).toEqual(set.body);

    const cleared = await as(t.app, caller).patch('/sources/stripe_main', { oauth_client_id: null }).expect(200);
    expect(cleared.body).toEqual({ ...set.body, oauth_client_id: null, updated_at: expect.any(String) });
    expect(await knex(TABLES.sources).where({ id: created.id }).first('oauth_client_id')).toEqual({ oauth_client_id: null });

    const audit = await knex(TABLES.auditLog)
      .where({ environment_id: caller.environmentId, action: 'source.updated' })
      .orderBy('created_at')
      .select('target', 'details');
    expect(audit).toEqual([
      { target: 'stripe_main', details: { oauth_client_id: id } },
      { target: 'stripe_main', details: { oauth_client_id: null } },
    ]);
  });

  it("answers 404 for an unknown source and for another environment's, and leaves that one", async () => {
    const caller = await newCaller(t.app);
    const res = await as(t.app, caller).patch('/sources/nowhere', { oauth_client_id: clientId() }).expect(404);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'name',
      message: 'No source named nowhere in this environment.',
    });
    await createSource(caller, 'theirs');
    await as(t.app, await otherEnvironmentCaller(t.app, caller))
      .patch('/sources/theirs', { oauth_client_id: clientId() })
      .expect(404);
    expect((await as(t.app, caller).get('/sources/theirs').expect(200)).body.oauth_client_id).toBeNull();
  });
});
