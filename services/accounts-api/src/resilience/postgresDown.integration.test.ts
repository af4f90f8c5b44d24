import request from 'supertest';
import { createKnex, type Knex } from '@datasync/db';
import { closeTestKnex, getTestKnex, startEmulator, testDatabaseUrl, waitFor, type TestEmulator } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/apiTestApp';
import { accountRows, insertSource, newClient, type TestClient } from '../testing/fixtures';
import { startTcpProxy, type TcpProxy } from '../testing/tcpProxy';

// Postgres reached through a proxy the test can cut, so it goes away for real, also mid-request.

let emulator: TestEmulator;
let proxy: TcpProxy;
let proxied: Knex;
let api: ApiTestApp;
let client: TestClient;

const SERVICE_UNAVAILABLE = {
  type: 'api_error',
  code: 'service_unavailable',
  message: 'The service is temporarily unavailable. Retry shortly.',
};

beforeAll(async () => {
  emulator = await startEmulator();
  const url = new URL(testDatabaseUrl());
  proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  proxied = createKnex({
    url: url.toString(),
    applicationName: 'accounts-api-test',
    statementTimeoutMs: 5_000,
    poolMax: 4,
    connectTimeoutMs: 1_000,
  });
  // The credential check is remembered, so requests get past authentication with Postgres gone.
  api = await startApiTestApp({ providerBaseUrl: emulator.baseUrl, knex: proxied, settings: { BASIC_AUTH_CACHE_SECONDS: 10 } });
  client = await newClient(api, { earlyAccess: true });
  await insertSource(getTestKnex(), api.secretBox, emulator, client.environmentId);
});

afterAll(async () => {
  await api?.close();
  await proxy?.cut().catch(() => undefined);
  await proxied?.destroy();
  await emulator?.stop();
  await closeTestKnex();
});

describe('with Postgres unreachable', () => {
  it('a registration whose verification outlives Postgres answers 503 and writes nothing; every call answers 503', async () => {
    await request(api.baseUrl).get('/accounts').set('Authorization', client.authorization).expect(200);
    // Verification takes 400 ms at the provider; Postgres goes away meanwhile.
    const account = await emulator.createAccount({ latency_ms: 400 });
    const registering = request(api.baseUrl)
      .post('/accounts')
      .set('Authorization', client.authorization)
      .send({ sourceType: 'stripe', credential: account.secret_key })
      .then((r) => r);
    // Once the provider has the verification request, the source lookup is done: cut Postgres now.
    await waitFor(async () => (await emulator.requestsServed(account.id)) > 0, {
      description: 'the verification request to reach the provider',
    });
    await proxy.cut();
    const res = await registering;
    expect({ status: res.status, body: res.body }).toEqual({ status: 503, body: SERVICE_UNAVAILABLE });
    expect(res.headers['retry-after']).toBe('5');

    for (const call of [
      request(api.baseUrl).get('/accounts'),
      request(api.baseUrl).get('/accounts/stripe/acct_1'),
      request(api.baseUrl).put('/accounts/stripe/acct_1').send({ active: false }),
      request(api.baseUrl).post('/accounts').send({ sourceType: 'stripe', credential: account.secret_key }),
    ]) {
      const down = await call.set('Authorization', client.authorization);
      expect({ status: down.status, body: down.body }).toEqual({ status: 503, body: SERVICE_UNAVAILABLE });
    }
    expect(await accountRows(getTestKnex(), client.environmentId)).toEqual([]);
    expect(api.logs()).not.toContain(account.secret_key);
  });
});
