import request from 'supertest';
import { TABLES } from '@datasync/db';
import { closeTestKnex, getTestKnex } from '@datasync/testing';
import { UNAUTHENTICATED, as, buildResourceApp, newCaller, otherEnvironmentCaller, type ResourceTestApp } from '../../testing/resourceApp';

const knex = getTestKnex();
let t: ResourceTestApp;

beforeAll(() => {
  t = buildResourceApp(knex);
});

afterAll(closeTestKnex);

// A public address literal: the network guard passes it without DNS; nothing is sent to it here.
const ENDPOINT_URL = 'https://93.184.216.34/hooks';

describe('/api/v1/webhook_endpoints (the dashboard’s Webhooks page)', () => {
  it('needs authentication', async () => {
    expect((await request(t.app).get('/api/v1/webhook_endpoints').expect(401)).body).toEqual(UNAUTHENTICATED);
  });

  it('refuses a ENDPOINT_URL off the public internet and stores nothing', async () => {
    const caller = await newCaller(t.app);
    const res = await as(t.app, caller)
      .post('/webhook_endpoints', { url: 'https://127.0.0.1/x', enabled_events: ['*'] })
      .expect(400);
    expect(res.body).toEqual({
      type: 'invalid_request_error',
      code: 'url_not_allowed',
      param: 'url',
      message: 'url\'s host "127.0.0.1" is not on the public internet; webhook endpoints must be.',
    });
    expect(await knex(TABLES.webhookEndpoints).where({ environment_id: caller.environmentId })).toEqual([]);
  });

  it('creates (secret once), lists, shows the delivery log of and deletes an endpoint of its own environment only', async () => {
    const caller = await newCaller(t.app);
    const created = await as(t.app, caller)
      .post('/webhook_endpoints', { url: ENDPOINT_URL, enabled_events: ['account.live'] })
      .expect(200);
    expect(created.body).toMatchObject({
      object: 'webhook_endpoint',
      url: ENDPOINT_URL,
      status: 'enabled',
      secret: expect.stringMatching(/^whsec_/),
    });
    const { secret, ...endpoint } = created.body as { secret: string; id: string };

    const listed = await as(t.app, caller).get('/webhook_endpoints').expect(200);
    expect(listed.body).toEqual({ data: [endpoint] });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect((await as(t.app, caller).get(`/webhook_endpoints/${endpoint.id}/deliveries`).expect(200)).body).toEqual({ data: [] });

    const other = await otherEnvironmentCaller(t.app, caller);
    expect((await as(t.app, other).get('/webhook_endpoints').expect(200)).body).toEqual({ data: [] });
    await as(t.app, other).delete(`/webhook_endpoints/${endpoint.id}`).expect(404);

    expect((await as(t.app, caller).delete(`/webhook_endpoints/${endpoint.id}`).expect(200)).body).toEqual({
      id: endpoint.id,
      object: 'webhook_endpoint',
      deleted: true,
    });
    expect(await knex(TABLES.webhookEndpoints).where({ id: endpoint.id })).toEqual([]);
    expect(t.logs()).not.toContain(secret);
  });
});
