import { createClient, type AccountsApiClient } from '@datasync/client';
import { closeTestKnex, startEmulator, type TestEmulator } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/apiTestApp';
import { insertSource, newClient, type TestClient } from '../testing/fixtures';

// The generated client (clients/typescript) against the real app over HTTP, the provider being
// the emulator: what an integrator's code does with it, and what it gets back.

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

async function clientOf(credential: TestClient): Promise<AccountsApiClient> {
  await insertSource(api.knex, api.secretBox, emulator, credential.environmentId, 'stripe_main');
  return createClient({ baseUrl: api.baseUrl, clientId: credential.clientId, clientSecret: credential.clientSecret });
}

describe('@datasync/client against accounts-api', () => {
  it('registers an account, reads it, lists it and deletes it', async () => {
    const client = await clientOf(await newClient(api, { earlyAccess: true }));
    const account = await emulator.createAccount();

    const register = () =>
      client.POST('/accounts', {
        body: { sourceType: 'stripe', credential: account.secret_key, identifier: 'acme-eu' },
        params: { header: { 'Idempotency-Key': 'register-acme-eu' } },
      });
    const registered = await register();
    expect(registered.response.status).toBe(200);
    expect(registered.data).toEqual({ account: { external_id: account.id, identifier: 'acme-eu' }, already_existed: false });
    // The documented header parameter is sent: a retry with the key replays the first answer.
    const retried = await register();
    expect(retried.response.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.data).toEqual(registered.data);

    const path = { source_type: 'stripe', identifier: 'acme-eu' } as const;
    const read = await client.GET('/accounts/{source_type}/{identifier}', { params: { path } });
    expect(read.data?.account).toMatchObject({ identifier: 'acme-eu', external_id: account.id, source: 'stripe_main', active: true });

    const listed = await client.GET('/accounts', { params: { query: { limit: 10, source_type: 'stripe' } } });
    expect(listed.data?.data.map((a) => a.identifier)).toEqual(['acme-eu']);
    expect(listed.data?.has_more).toBe(false);

    const deleted = await client.DELETE('/accounts/{source_type}/{identifier}', { params: { path } });
    expect(deleted.response.status).toBe(200);
    expect(deleted.data).toEqual({ deleted: true, account: { external_id: account.id, identifier: 'acme-eu', active: true } });

    const gone = await client.GET('/accounts/{source_type}/{identifier}', { params: { path } });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
  });

  it('answers a bad request with the typed error body and registers nothing', async () => {
    const client = await clientOf(await newClient(api));
    const bad = await client.POST('/accounts', { body: { sourceType: 'stripe', credential: 'not-a-key' } });
    expect(bad.response.status).toBe(400);
    expect(bad.data).toBeUndefined();
    // The error is the documented Error schema: its fields are typed, no cast needed.
    const error = bad.error;
    expect({ type: error?.type, code: error?.code, param: error?.param }).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'credential',
    });
    expect(error?.errors).toEqual([
      { param: 'credential', message: expect.stringMatching(/^credential must be the account's own Stripe/) },
    ]);
    expect((await client.GET('/accounts', { params: { query: { limit: 10 } } })).data?.data).toEqual([]);
  });

  it('sends the credential as HTTP Basic auth: a wrong secret is a typed 401', async () => {
    const credential = await newClient(api);
    const client = createClient({ baseUrl: api.baseUrl, clientId: credential.clientId, clientSecret: 'wrong' });
    const res = await client.GET('/accounts', { params: { query: { limit: 10 } } });
    expect(res.response.status).toBe(401);
    expect(res.error).toEqual({
      type: 'authentication_error',
      message: 'Invalid client credentials: the client id is unknown or revoked, or the secret is wrong.',
    });
  });
});
