import request from 'supertest';
import { TABLES, sealedPlace } from '@datasync/db';
import { closeTestKnex } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../../testing/apiTestApp';
import { newClient, type TestClient } from '../../testing/fixtures';

let api: ApiTestApp;

beforeAll(async () => {
  // The production default: the network guard refuses private addresses.
  api = await startApiTestApp({ settings: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: false } });
});

afterAll(async () => {
  await api?.close();
  await closeTestKnex();
});

// A public address literal: the guard passes it without DNS, and nothing is sent to it here.
const PUBLIC_URL = 'https://93.184.216.34/hooks/datasync';

const post = (client: TestClient, body: unknown) =>
  request(api.baseUrl)
    .post('/webhook_endpoints')
    .set('Authorization', client.authorization)
    .send(body as object);
const rowsOf = (environmentId: string) => api.knex(TABLES.webhookEndpoints).where({ environment_id: environmentId });

describe('POST /webhook_endpoints', () => {
  it('answers 401 without credentials and creates nothing', async () => {
    const res = await request(api.baseUrl)
      .post('/webhook_endpoints')
      .send({ url: PUBLIC_URL, enabled_events: ['*'] })
      .expect(401);
    expect(res.body.type).toBe('authentication_error');
  });

  it('names every bad field in one 400 and stores nothing', async () => {
    const client = await newClient(api);
    const res = await post(client, { url: 42, enabled_events: ['account.live', 'charge.succeeded'], secret: 'whsec_mine' }).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'url',
      message: expect.any(String),
      errors: [
        { param: 'url', message: 'url must be a string' },
        {
          param: 'enabled_events.1',
          message:
            'enabled_events[1] must be one of: *, account.attached, account.backfill_completed, account.live, account.error, ' +
            'account.recovered, account.paused, account.resumed, account.deleted, account.verified, account.table_recreated',
        },
        { param: 'secret', message: 'secret is not allowed' },
      ],
    });
    expect(await rowsOf(client.environmentId)).toEqual([]);
  });

  it.each([
    ['not a URL', 'url_invalid', 'url must be an absolute http or https URL.'],
    ['ftp://93.184.216.34/x', 'url_invalid', 'url must be an absolute http or https URL.'],
    ['https://user:pw@93.184.216.34/x', 'url_invalid', 'url must not contain a user name or password.'],
    ['http://93.184.216.34/x', 'url_https_required', 'url must use https in a production environment.'],
    ['https://127.0.0.1:8080/x', 'url_not_allowed', 'url\'s host "127.0.0.1" is not on the public internet; webhook endpoints must be.'],
    [
      'https://169.254.169.254/latest',
      'url_not_allowed',
      'url\'s host "169.254.169.254" is not on the public internet; webhook endpoints must be.',
    ],
    ['https://[::1]/x', 'url_not_allowed', 'url\'s host "::1" is not on the public internet; webhook endpoints must be.'],
    ['https://10.0.0.5/x', 'url_not_allowed', 'url\'s host "10.0.0.5" is not on the public internet; webhook endpoints must be.'],
  ])('refuses %s with %s and stores nothing', async (url, code, message) => {
    const client = await newClient(api);
    const res = await post(client, { url, enabled_events: ['*'] }).expect(400);
    expect(res.body).toEqual({ type: 'invalid_request_error', code, param: 'url', message });
    expect(await rowsOf(client.environmentId)).toEqual([]);
  });

  it('accepts http in a development environment (the guard still applies)', async () => {
    const client = await newClient(api, { environment: 'development' });
    await post(client, { url: 'http://93.184.216.34/x', enabled_events: ['account.live'] }).expect(200);
    const res = await post(client, { url: 'http://192.168.1.10/x', enabled_events: ['account.live'] }).expect(400);
    expect(res.body.code).toBe('url_not_allowed');
    expect(await rowsOf(client.environmentId)).toHaveLength(1);
  });

  it('creates the endpoint, shows its secret once and stores it sealed', async () => {
    const client = await newClient(api);
    const res = await post(client, { url: PUBLIC_URL, enabled_events: ['account.live', 'account.error', 'account.live'] }).expect(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      object: 'webhook_endpoint',
      url: PUBLIC_URL,
      enabled_events: ['account.error', 'account.live'],
      status: 'enabled',
      disabled_reason: null,
      failing_since: null,
      created: expect.any(Number),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
    });
    const secret = res.body.secret as string;
    const [row] = await rowsOf(client.environmentId);
    expect(row.signing_secret).not.toContain(secret);
    expect(api.secretBox.open(row.signing_secret, client.environmentId, sealedPlace('webhookSigningSecret', row.id))).toBe(secret);

    const listed = await request(api.baseUrl).get('/webhook_endpoints').set('Authorization', client.authorization).expect(200);
    const fetched = await request(api.baseUrl).get(`/webhook_endpoints/${row.id}`).set('Authorization', client.authorization).expect(200);
    const { secret: _shownOnce, ...endpoint } = res.body as Record<string, unknown>;
    expect(listed.body).toEqual({ data: [endpoint] });
    expect(fetched.body).toEqual(endpoint);
    expect(JSON.stringify([listed.body, fetched.body])).not.toContain(secret);
    expect(api.logs()).not.toContain(secret);
  });

  it('allows 16 endpoints per environment', async () => {
    const client = await newClient(api);
    for (let i = 0; i < 16; i += 1) await post(client, { url: `${PUBLIC_URL}/${i}`, enabled_events: ['*'] }).expect(200);
    const res = await post(client, { url: PUBLIC_URL, enabled_events: ['*'] }).expect(400);
    expect(res.body.code).toBe('too_many_endpoints');
    expect(await rowsOf(client.environmentId)).toHaveLength(16);
  });
});

describe('GET and DELETE /webhook_endpoints/{id}', () => {
  it('sees only its own environment: another one gets 404 and deletes nothing', async () => {
    const owner = await newClient(api);
    const other = await newClient(api);
    const { body } = await post(owner, { url: PUBLIC_URL, enabled_events: ['*'] }).expect(200);
    const id = body.id as string;
    const missing = await request(api.baseUrl).get(`/webhook_endpoints/${id}`).set('Authorization', other.authorization).expect(404);
    expect(missing.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'id',
      message: 'No such webhook endpoint in this environment.',
    });
    await request(api.baseUrl).delete(`/webhook_endpoints/${id}`).set('Authorization', other.authorization).expect(404);
    expect(await rowsOf(owner.environmentId)).toHaveLength(1);
    const listed = await request(api.baseUrl).get('/webhook_endpoints').set('Authorization', other.authorization).expect(200);
    expect(listed.body).toEqual({ data: [] });
  });

  it('refuses an id that is not one with a 400', async () => {
    const client = await newClient(api);
    const res = await request(api.baseUrl).get('/webhook_endpoints/nope').set('Authorization', client.authorization).expect(400);
    expect(res.body.errors).toEqual([{ param: 'id', message: 'id must be a webhook endpoint id' }]);
  });

  it('deletes the endpoint', async () => {
    const client = await newClient(api);
    const { body } = await post(client, { url: PUBLIC_URL, enabled_events: ['*'] }).expect(200);
    const res = await request(api.baseUrl).delete(`/webhook_endpoints/${body.id}`).set('Authorization', client.authorization).expect(200);
    expect(res.body).toEqual({ id: body.id, object: 'webhook_endpoint', deleted: true });
    expect(await rowsOf(client.environmentId)).toEqual([]);
    await request(api.baseUrl).get(`/webhook_endpoints/${body.id}`).set('Authorization', client.authorization).expect(404);
  });
});

describe('POST /webhook_endpoints/{id} (update)', () => {
  const update = (client: TestClient, id: string, body: unknown) =>
    request(api.baseUrl)
      .post(`/webhook_endpoints/${id}`)
      .set('Authorization', client.authorization)
      .send(body as object);

  it('answers 401 without credentials', async () => {
    await request(api.baseUrl).post('/webhook_endpoints/00000000-0000-4000-8000-000000000000').send({ disabled: false }).expect(401);
  });

  it('refuses an empty change, an unknown key and a URL off the public internet, changing nothing', async () => {
    const client = await newClient(api);
    const { body } = await post(client, { url: PUBLIC_URL, enabled_events: ['*'] }).expect(200);
    const empty = await update(client, body.id, {}).expect(400);
    expect(empty.body).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid' });
    const unknown = await update(client, body.id, { secret: 'whsec_x' }).expect(400);
    expect(unknown.body.errors).toEqual([{ param: 'secret', message: 'secret is not allowed' }]);
    const privateUrl = await update(client, body.id, { url: 'https://10.1.2.3/x' }).expect(400);
    expect(privateUrl.body).toMatchObject({ code: 'url_not_allowed', param: 'url' });
    const [row] = await rowsOf(client.environmentId);
    expect(row).toMatchObject({ url: PUBLIC_URL, enabled_events: ['*'], status: 'enabled' });
  });

  it('disables, then enables again with the failing streak over; changes URL and events; the secret stays', async () => {
    const client = await newClient(api);
    const { body } = await post(client, { url: PUBLIC_URL, enabled_events: ['*'] }).expect(200);
    const [before] = await rowsOf(client.environmentId);
    const disabled = await update(client, body.id, { disabled: true }).expect(200);
    expect(disabled.body).toMatchObject({ status: 'disabled', disabled_reason: 'Disabled through the API or the dashboard.' });
    await api
      .knex(TABLES.webhookEndpoints)
      .where({ id: body.id })
      .update({ failing_since: new Date(Date.now() - 86_400_000) });

    const enabled = await update(client, body.id, { disabled: false, url: `${PUBLIC_URL}/v2`, enabled_events: ['account.live'] }).expect(
      200,
    );
    expect(enabled.body).toEqual({
      id: body.id,
      object: 'webhook_endpoint',
      url: `${PUBLIC_URL}/v2`,
      enabled_events: ['account.live'],
      status: 'enabled',
      disabled_reason: null,
      failing_since: null,
      created: body.created,
    });
    const [after] = await rowsOf(client.environmentId);
    expect(after.signing_secret).toBe(before.signing_secret);
    const other = await newClient(api);
    await update(other, body.id, { disabled: true }).expect(404);
  });
});
