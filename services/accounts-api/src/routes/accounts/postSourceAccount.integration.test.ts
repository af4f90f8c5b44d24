import request from 'supertest';
import { closeTestKnex, startEmulator, type TestEmulator } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../../testing/apiTestApp';
import { accountRows, insertSource, newClient, type TestClient } from '../../testing/fixtures';

let emulator: TestEmulator;
let api: ApiTestApp;

beforeAll(async () => {
  emulator = await startEmulator();
  api = await startApiTestApp({ providerBaseUrl: emulator.baseUrl });
});

afterAll(async () => {
  await api?.close();
  await emulator?.stop();
  await closeTestKnex();
});

const post = (client: TestClient, sourceName: string, body: unknown) =>
  request(api.baseUrl)
    .post(`/sources/${sourceName}/accounts`)
    .set('Authorization', client.authorization)
    .send(body as object);

describe('POST /sources/{sourceName}/accounts', () => {
  it('answers 401 without credentials', async () => {
    const res = await request(api.baseUrl).post('/sources/shop/accounts').send({}).expect(401);
    expect(res.body).toEqual({
      type: 'authentication_error',
      message: 'Missing Authorization header. Send Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET).',
    });
    expect(res.headers['www-authenticate']).toMatch(/^Basic /);
  });

  it('names every bad field', async () => {
    const client = await newClient(api);
    const res = await post(client, 'Not-A-Name', { credentials: { type: 'paypal-app', accountId: 'x' }, other: true }).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'sourceName',
      message: expect.any(String),
      errors: [
        { param: 'sourceName', message: 'sourceName must be a source name: 1-63 lowercase letters, digits and underscores' },
        { param: 'credentials.type', message: 'credentials.type must be one of: stripe-app' },
        { param: 'credentials.accountId', message: 'credentials.accountId must be a Stripe account id (acct_…)' },
        { param: 'other', message: 'other is not allowed' },
      ],
    });
    const empty = await post(client, 'shop', {}).expect(400);
    expect(empty.body.errors).toEqual([{ param: 'credentials', message: 'credentials is required' }]);
  });

  it('registers an account connected to the source app, then reports it already existed', async () => {
    const client = await newClient(api);
    const source = await insertSource(api.knex, api.secretBox, emulator, client.environmentId, 'shop');
    const connected = await emulator.createAccount({ connected_to: source.platform.id });
    const body = { credentials: { type: 'stripe-app', accountId: connected.id } };
    await post(client, 'shop', body).expect(200, {
      account: { external_id: connected.id, identifier: connected.id },
      already_existed: false,
    });
    await post(client, 'shop', body).expect(200, {
      account: { external_id: connected.id, identifier: connected.id },
      already_existed: true,
    });
    expect(await accountRows(api.knex, client.environmentId)).toEqual([
      expect.objectContaining({
        source_id: source.id,
        external_id: connected.id,
        credential_kind: 'connected_account',
        credential_secret: null,
      }),
    ]);
  });

  it('answers 400 naming sourceName for an unknown source, and credentials.accountId for an unconnected account', async () => {
    const client = await newClient(api);
    await insertSource(api.knex, api.secretBox, emulator, client.environmentId, 'shop');
    const unknown = await post(client, 'elsewhere', { credentials: { type: 'stripe-app', accountId: 'acct_123' } }).expect(400);
    expect(unknown.body).toEqual({
      type: 'invalid_request_error',
      code: 'unknown_source',
      param: 'sourceName',
      message: 'This environment has no source named "elsewhere".',
    });
    const stranger = await emulator.createAccount();
    const notConnected = await post(client, 'shop', { credentials: { type: 'stripe-app', accountId: stranger.id } }).expect(400);
    expect(notConnected.body).toMatchObject({
      type: 'invalid_request_error',
      code: 'account_not_connected',
      param: 'credentials.accountId',
    });
    expect(await accountRows(api.knex, client.environmentId)).toEqual([]);
  });

  it('refuses an identifier that another connected account holds, keeping the first', async () => {
    const client = await newClient(api);
    const source = await insertSource(api.knex, api.secretBox, emulator, client.environmentId, 'shop');
    const [first, second] = await Promise.all([
      emulator.createAccount({ connected_to: source.platform.id }),
      emulator.createAccount({ connected_to: source.platform.id }),
    ]);
    await post(client, 'shop', { credentials: { type: 'stripe-app', accountId: first.id }, identifier: 'customer-1' }).expect(200);
    const res = await post(client, 'shop', { credentials: { type: 'stripe-app', accountId: second.id }, identifier: 'customer-1' }).expect(
      400,
    );
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'identifier_taken',
      param: 'identifier',
      message: `The identifier "customer-1" already belongs to another Stripe account (${first.id}) of this environment. Choose another identifier, or delete that account first.`,
    });
    expect(await accountRows(api.knex, client.environmentId)).toEqual([
      expect.objectContaining({ identifier: 'customer-1', external_id: first.id }),
    ]);
  });

  it("does not see another environment's source", async () => {
    const owner = await newClient(api);
    await insertSource(api.knex, api.secretBox, emulator, owner.environmentId, 'private_shop');
    const stranger = await newClient(api);
    const res = await post(stranger, 'private_shop', { credentials: { type: 'stripe-app', accountId: 'acct_123' } }).expect(400);
    expect(res.body).toMatchObject({ code: 'unknown_source', param: 'sourceName' });
  });
});
