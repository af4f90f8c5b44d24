import request from 'supertest';
import { closeTestKnex, startEmulator, type TestEmulator } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/apiTestApp';
import { accountRows, insertSource, newClient, type TestClient } from '../testing/fixtures';

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

const post = (client: TestClient, key: string, body: object) =>
  request(api.baseUrl).post('/accounts').set('Authorization', client.authorization).set('Idempotency-Key', key).send(body);

async function ready() {
  const client = await newClient(api);
  await insertSource(api.knex, api.secretBox, emulator, client.environmentId);
  return client;
}

describe('Idempotency-Key', () => {
  it('replays the stored answer for the same key and body, without running the request again', async () => {
    const client = await ready();
    const account = await emulator.createAccount();
    const first = await post(client, 'key-1', { sourceType: 'stripe', credential: account.secret_key }).expect(200);
    expect(first.body.already_existed).toBe(false);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Same body, keys in another order: the same request.
    const replay = await post(client, 'key-1', { credential: account.secret_key, sourceType: 'stripe' }).expect(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // Without the key the same call runs again and finds the account.
    const fresh = await request(api.baseUrl)
      .post('/accounts')
      .set('Authorization', client.authorization)
      .send({ sourceType: 'stripe', credential: account.secret_key })
      .expect(200);
    expect(fresh.body.already_existed).toBe(true);
    expect(await accountRows(api.knex, client.environmentId)).toHaveLength(1);
  });

  it('answers 400 for the same key with another body', async () => {
    const client = await ready();
    const [a, b] = await Promise.all([emulator.createAccount(), emulator.createAccount()]);
    await post(client, 'key-2', { sourceType: 'stripe', credential: a?.secret_key }).expect(200);
    const res = await post(client, 'key-2', { sourceType: 'stripe', credential: b?.secret_key }).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'idempotency_key_reused',
      param: 'Idempotency-Key',
      message: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
    });
    expect(await accountRows(api.knex, client.environmentId)).toHaveLength(1);
  });

  it('scopes keys to the environment', async () => {
    const [one, two] = await Promise.all([ready(), ready()]);
    const [a, b] = await Promise.all([emulator.createAccount(), emulator.createAccount()]);
    await post(one, 'shared-key', { sourceType: 'stripe', credential: a?.secret_key }).expect(200);
    const other = await post(two, 'shared-key', { sourceType: 'stripe', credential: b?.secret_key }).expect(200);
    expect(other.body).toEqual({ account: { external_id: b?.id, identifier: b?.id }, already_existed: false });
  });

  it('replays a refusal, but lets a retry run after a failure worth retrying', async () => {
    const client = await ready();
    const refused = await post(client, 'key-3', { sourceType: 'stripe', credential: 'sk_test_000000000000' }).expect(400);
    const replayed = await post(client, 'key-3', { sourceType: 'stripe', credential: 'sk_test_000000000000' }).expect(400);
    expect(replayed.body).toEqual(refused.body);
    expect(replayed.headers['idempotent-replayed']).toBe('true');

    const offline = await startApiTestApp({
      settings: { API_REDIS_PREFIX: api.settings.API_REDIS_PREFIX, SECRETS_MASTER_KEYS: api.settings.SECRETS_MASTER_KEYS },
    });
    try {
      const account = await emulator.createAccount();
      const body = { sourceType: 'stripe', credential: account.secret_key };
      await request(offline.baseUrl)
        .post('/accounts')
        .set('Authorization', client.authorization)
        .set('Idempotency-Key', 'key-4')
        .send(body)
        .expect(503);
      // The same key on a server that reaches the provider runs the request.
      await post(client, 'key-4', body).expect(200);
    } finally {
      await offline.close();
    }
  });

  it('refuses a malformed key and a key whose first request is still running', async () => {
    const client = await ready();
    const bad = await post(client, 'has space', { sourceType: 'stripe', credential: 'sk_test_000000000000' }).expect(400);
    expect(bad.body).toMatchObject({ code: 'parameter_invalid', param: 'Idempotency-Key' });
    const account = await emulator.createAccount();
    const body = { sourceType: 'stripe', credential: account.secret_key };
    const results = await Promise.all(Array.from({ length: 5 }, () => post(client, 'key-5', body)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body).toMatchObject({ code: 'idempotency_key_in_use' });
    expect(results.filter((r) => r.status === 200 && r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
  });
});
