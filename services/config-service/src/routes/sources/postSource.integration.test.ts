import request from 'supertest';
import { TABLES, sealedPlace } from '@datasync/db';
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

describe('POST /api/v1/sources', () => {
  it('needs authentication', async () => {
    const res = await request(t.app).post('/api/v1/sources').send({ name: 'a', provider: 'stripe', private_key: 'sk_test_x' }).expect(401);
    expect(res.body).toEqual(UNAUTHENTICATED);
  });

  it('names every invalid field in one 400', async () => {
    const caller = await newCaller(t.app);
    const res = await as(t.app, caller).post('/sources', { name: 'Stripe!', provider: 'paypal', secret: 'x' }).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'name',
      message:
        'name may contain only lowercase letters, digits and underscores; provider must be [stripe]; private_key is required; secret is not allowed',
      errors: [
        { param: 'name', message: 'name may contain only lowercase letters, digits and underscores' },
        { param: 'provider', message: 'provider must be [stripe]' },
        { param: 'private_key', message: 'private_key is required' },
        { param: 'secret', message: 'secret is not allowed' },
      ],
    });
  });

  it('verifies the key with the provider, stores it sealed with the owner account, and audits it', async () => {
    const caller = await newCaller(t.app);
    const account = await emulator.createAccount({ business_name: 'Demo Shop' });
    const res = await as(t.app, caller)
      .post('/sources', { name: 'stripe_main', provider: 'stripe', private_key: account.secret_key })
      .expect(201);
    expect(sourceSchema.validate(res.body).error).toBeUndefined();
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'stripe_main',
      provider: 'stripe',
      provider_account_id: account.id,
      provider_account_name: 'Demo Shop',
      livemode: false,
      oauth_client_id: null,
      rate_budget_percent: 50,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const row = await knex(TABLES.sources).where({ id: res.body.id }).first();
    expect(row).toMatchObject({ environment_id: caller.environmentId, provider_account_id: account.id, livemode: false });
    expect(row.credential_secret).not.toContain(account.secret_key);
    expect(t.secretBox.open(row.credential_secret, caller.environmentId, sealedPlace('sourceKey', row.id))).toBe(account.secret_key);
    // Bound to its row: the same key does not open as another row's.
    expect(() => t.secretBox.open(row.credential_secret, caller.environmentId, sealedPlace('sourceKey', caller.environmentId))).toThrow();
    const audit = await knex(TABLES.auditLog).where({ environment_id: caller.environmentId, action: 'source.created' }).first();
    expect(audit).toMatchObject({
      target: 'stripe_main',
      details: { provider: 'stripe', provider_account_id: account.id, livemode: false },
    });
    expect(JSON.stringify(audit)).not.toContain(account.secret_key);
    expect(t.logs()).not.toContain(account.secret_key);
  });

  it("takes the app's OAuth client id, returns it, and records it in the audit", async () => {
    const caller = await newCaller(t.app);
    const account = await emulator.createAccount();
    const clientId = `ca_${'A1b2'.repeat(8)}`;
    const res = await as(t.app, caller)
      .post('/sources', { name: 'with_oauth', provider: 'stripe', private_key: account.secret_key, oauth_client_id: clientId })
      .expect(201);
    expect(sourceSchema.validate(res.body).error).toBeUndefined();
    expect(res.body).toMatchObject({ name: 'with_oauth', provider_account_id: account.id, oauth_client_id: clientId });
    expect(await knex(TABLES.sources).where({ id: res.body.id }).first('oauth_client_id')).toEqual({ oauth_client_id: clientId });
    const audit = await knex(TABLES.auditLog).where({ environment_id: caller.environmentId, action: 'source.created' }).first();
    expect(audit.details).toMatchObject({ oauth_client_id: clientId });
    // null is the same as leaving it out.
    const without = await as(t.app, caller)
      .post('/sources', { name: 'without_oauth', provider: 'stripe', private_key: account.secret_key, oauth_client_id: null })
      .expect(201);
    expect(without.body.oauth_client_id).toBeNull();
  });

  it('refuses an OAuth client id that is not ca_ and letters and digits, before asking the provider', async () => {
    const caller = await newCaller(t.app);
    const account = await emulator.createAccount();
    const res = await as(t.app, caller)
      .post('/sources', { name: 'bad_oauth', provider: 'stripe', private_key: account.secret_key, oauth_client_id: 'acct_123' })
      .expect(400);
    expect(res.body).toEqual(
      parameterInvalid('oauth_client_id', 'oauth_client_id must be a Stripe Connect client id: ca_ followed by letters and digits'),
    );
    // What the column's check alone would refuse (a dash, too long) is a 400 too, never a database error.
    for (const bad of ['ca_with-dash', `ca_${'x'.repeat(300)}`, '']) {
      const refused = await as(t.app, caller)
        .post('/sources', { name: 'bad_oauth', provider: 'stripe', private_key: account.secret_key, oauth_client_id: bad })
        .expect(400);
      expect(refused.body).toMatchObject({ code: 'parameter_invalid', param: 'oauth_client_id' });
    }
    expect(await knex(TABLES.sources).where({ environment_id: caller.environmentId })).toEqual([]);
  });

  it('says why a key is refused: not a key at all, or unknown to the provider; nothing is created', async () => {
    const caller = await newCaller(t.app);
    const malformed = await as(t.app, caller).post('/sources', { name: 's1', provider: 'stripe', private_key: 'not-a-key' }).expect(400);
    expect(malformed.body).toEqual({
      type: 'invalid_request_error',
      code: 'invalid_private_key',
      param: 'private_key',
      message:
        'Invalid Stripe private key: the key is not a Stripe secret or restricted key (expected sk_live_…, sk_test_…, rk_live_… or rk_test_…).',
    });
    const unknownKey = 'sk_test_51' + 'Z'.repeat(56);
    const rejected = await as(t.app, caller).post('/sources', { name: 's2', provider: 'stripe', private_key: unknownKey }).expect(400);
    expect(rejected.body).toEqual({
      type: 'invalid_request_error',
      code: 'invalid_private_key',
      param: 'private_key',
      message: 'Invalid Stripe private key: the provider rejected the key (unknown, expired or revoked).',
    });
    expect(await knex(TABLES.sources).where({ environment_id: caller.environmentId })).toEqual([]);
    expect(JSON.stringify([malformed.body, rejected.body])).not.toContain(unknownKey);
    expect(t.logs()).not.toContain(unknownKey);
  });

  it('answers 503 provider_unreachable when the provider cannot be asked, and creates nothing', async () => {
    const offline = buildResourceApp(knex); // its provider URL has no listener
    const caller = await newCaller(offline.app);
    const account = await emulator.createAccount();
    const res = await as(offline.app, caller)
      .post('/sources', { name: 'later', provider: 'stripe', private_key: account.secret_key })
      .expect(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({
      type: 'api_error',
      code: 'provider_unreachable',
      message: expect.stringMatching(/^Stripe could not be reached to verify the private key/),
    });
    expect(JSON.stringify(res.body)).not.toContain(account.secret_key);
    expect(offline.logs()).not.toContain(account.secret_key);
    expect(await knex(TABLES.sources).where({ environment_id: caller.environmentId })).toEqual([]);
  });

  it('refuses a duplicate name before asking the provider; another environment may use it', async () => {
    const caller = await newCaller(t.app);
    const account = await emulator.createAccount();
    const body = { name: 'dup', provider: 'stripe', private_key: account.secret_key };
    await as(t.app, caller).post('/sources', body).expect(201);
    const res = await as(t.app, caller)
      .post('/sources', { ...body, private_key: 'not-even-a-key' })
      .expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_already_exists',
      param: 'name',
      message: 'A source named dup already exists in this environment. Choose another name.',
    });
    await as(t.app, await otherEnvironmentCaller(t.app, caller))
      .post('/sources', body)
      .expect(201);
  });
});
