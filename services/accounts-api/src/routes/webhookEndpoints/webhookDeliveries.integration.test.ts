import request from 'supertest';
import { TABLES } from '@datasync/db';
import { closeTestKnex, startEmulator, type TestEmulator } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../../testing/apiTestApp';
import { insertSource, newClient, type TestClient } from '../../testing/fixtures';

let emulator: TestEmulator;
let api: ApiTestApp;

beforeAll(async () => {
  emulator = await startEmulator();
  api = await startApiTestApp({ providerBaseUrl: emulator.baseUrl, settings: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: false } });
});

afterAll(async () => {
  await api?.close();
  await emulator?.stop();
  await closeTestKnex();
});

// Nothing is sent here (no loader runs): the events and the owed deliveries are what is checked.
const PUBLIC_URL = 'https://93.184.216.34/hooks';

const as = (client: TestClient) => ({
  get: (path: string) => request(api.baseUrl).get(path).set('Authorization', client.authorization),
  post: (path: string, body: object = {}) => request(api.baseUrl).post(path).set('Authorization', client.authorization).send(body),
  put: (path: string, body: object) => request(api.baseUrl).put(path).set('Authorization', client.authorization).send(body),
  delete: (path: string) => request(api.baseUrl).delete(path).set('Authorization', client.authorization),
});

async function withEndpointAndAccount(enabledEvents = ['*']) {
  const client = await newClient(api, { earlyAccess: true });
  await insertSource(api.knex, api.secretBox, emulator, client.environmentId);
  const account = await emulator.createAccount();
  await as(client).post('/accounts', { sourceType: 'stripe', credential: account.secret_key }).expect(200);
  const { body: endpoint } = await as(client).post('/webhook_endpoints', { url: PUBLIC_URL, enabled_events: enabledEvents }).expect(200);
  return { client, account, endpoint: endpoint as { id: string; secret: string } };
}

describe('account events from the API', () => {
  it('pause, resume and delete each owe the endpoint an event naming the account, without secrets', async () => {
    const { client, account, endpoint } = await withEndpointAndAccount();
    await as(client).put(`/accounts/stripe/${account.id}`, { active: false }).expect(200);
    await as(client).put(`/accounts/stripe/${account.id}`, { active: true }).expect(200);
    // Nothing changes: no event.
    await as(client).put(`/accounts/stripe/${account.id}`, { active: true }).expect(200);
    // Done at once or going on: the event is sent when the deletion is accepted either way.
    const deleted = await as(client).delete(`/accounts/stripe/${account.id}`);
    expect([200, 202]).toContain(deleted.status);

    const log = await as(client).get(`/webhook_endpoints/${endpoint.id}/deliveries`).expect(200);
    expect(log.body.data.map((d: { event: { type: string } }) => d.event.type).sort()).toEqual([
      'account.deleted',
      'account.paused',
      'account.resumed',
    ]);
    expect(log.body.data[0]).toEqual({
      id: expect.any(String),
      object: 'webhook_delivery',
      event: { id: expect.stringMatching(/^evt_/), type: expect.any(String), created: expect.any(Number) },
      status: 'pending',
      attempts: 0,
      last_status_code: null,
      last_latency_ms: null,
      last_error: null,
      last_attempt_at: null,
      next_attempt_at: expect.any(String),
      attempt_log: [],
    });
    const events = await api.knex(TABLES.webhookEvents).where({ environment_id: client.environmentId }).orderBy('type');
    expect(events.map((e) => e.payload.data)).toEqual([
      { account: { source_type: 'stripe', identifier: account.id } },
      { account: { source_type: 'stripe', identifier: account.id } },
      { account: { source_type: 'stripe', identifier: account.id } },
    ]);
    const stored = JSON.stringify(events);
    expect(stored).not.toContain(account.secret_key);
    expect(stored).not.toContain(endpoint.secret);
  });

  it('owes an endpoint only the types it asked for', async () => {
    const { client, account, endpoint } = await withEndpointAndAccount(['account.resumed']);
    await as(client).put(`/accounts/stripe/${account.id}`, { active: false }).expect(200);
    const log = await as(client).get(`/webhook_endpoints/${endpoint.id}/deliveries`).expect(200);
    expect(log.body).toEqual({ data: [] });
  });
});

describe('GET /webhook_endpoints/{id}/deliveries and POST …/retry', () => {
  it('answers 401 without credentials', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    await request(api.baseUrl).get(`/webhook_endpoints/${id}/deliveries`).expect(401);
    await request(api.baseUrl).post(`/webhook_endpoints/${id}/deliveries/${id}/retry`).expect(401);
  });

  it('refuses bad ids and limits with a 400, and another environment’s endpoint with a 404', async () => {
    const { endpoint } = await withEndpointAndAccount();
    const other = await newClient(api);
    const bad = await as(other).get(`/webhook_endpoints/${endpoint.id}/deliveries?limit=0`).expect(400);
    expect(bad.body.errors).toEqual([{ param: 'limit', message: 'limit must be greater than or equal to 1' }]);
    const badId = await as(other).post(`/webhook_endpoints/${endpoint.id}/deliveries/nope/retry`).expect(400);
    expect(badId.body.errors).toEqual([{ param: 'delivery_id', message: 'delivery_id must be a delivery id' }]);
    const missing = await as(other).get(`/webhook_endpoints/${endpoint.id}/deliveries`).expect(404);
    expect(missing.body).toMatchObject({ code: 'resource_missing', param: 'id' });
  });

  it('re-sends a settled delivery: pending again, due now; an unknown delivery is a 404 and changes nothing', async () => {
    const { client, account, endpoint } = await withEndpointAndAccount();
    await as(client).put(`/accounts/stripe/${account.id}`, { active: false }).expect(200);
    const [delivery] = await api.knex(TABLES.webhookDeliveries).where({ endpoint_id: endpoint.id });
    await api
      .knex(TABLES.webhookDeliveries)
      .where({ id: delivery.id })
      .update({ status: 'failed', attempts: 80, next_attempt_at: null, last_status_code: 500 });

    const unknown = await as(client)
      .post(`/webhook_endpoints/${endpoint.id}/deliveries/00000000-0000-4000-8000-000000000000/retry`)
      .expect(404);
    expect(unknown.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'delivery_id',
      message: 'No such delivery for this webhook endpoint.',
    });
    expect(await api.knex(TABLES.webhookDeliveries).where({ id: delivery.id }).first()).toMatchObject({ status: 'failed' });

    const res = await as(client).post(`/webhook_endpoints/${endpoint.id}/deliveries/${delivery.id}/retry`).expect(200);
    expect(res.body).toMatchObject({
      id: delivery.id,
      status: 'pending',
      attempts: 80,
      last_status_code: 500,
      next_attempt_at: expect.any(String),
    });
    const row = await api.knex(TABLES.webhookDeliveries).where({ id: delivery.id }).first();
    expect(row.status).toBe('pending');
    expect(row.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
  });
});
