import request from 'supertest';
import { closeTestKnex } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../testSupport/apiTestApp';
import { newClient } from '../testSupport/fixtures';

let api: ApiTestApp;

beforeAll(async () => {
  api = await startApiTestApp({ settings: { RATE_LIMIT_PER_SECOND: 5, RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: 3 } });
});

afterAll(async () => {
  await api?.close();
  await closeTestKnex();
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once a client credential exceeds its rate, and not another client', async () => {
    const [busy, calm] = await Promise.all([newClient(api), newClient(api)]);
    const results = await Promise.all(Array.from({ length: 12 }, () => request(api.baseUrl).get('/accounts').set('Authorization', busy.authorization)));
    const limited = results.filter((r) => r.status === 429);
    // At most 5 per one-second window; 12 requests span at most two windows.
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(10);
    expect(limited.length).toBeGreaterThanOrEqual(2);
    expect(limited[0]?.body).toEqual({
      type: 'rate_limit_error',
      message: 'Too many requests for this client credential (limit 5 per second). Retry after the number of seconds in Retry-After.',
    });
    expect(limited[0]?.headers['retry-after']).toBe('1');
    await request(api.baseUrl).get('/accounts').set('Authorization', calm.authorization).expect(200);
  });

  it('refuses an address with too many failed authentications, even with good credentials, on every replica', async () => {
    // Replicas start first, so the whole check fits well inside one rate-limit window even on a
    // loaded machine (starting an app takes seconds there).
    const shared = { API_REDIS_PREFIX: api.settings.API_REDIS_PREFIX, SECRETS_MASTER_KEYS: api.settings.SECRETS_MASTER_KEYS, RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: 3 };
    const replica = await startApiTestApp({ settings: shared });
    const later = await startApiTestApp({ settings: shared });
    const client = await newClient(api);
    const wrong = `Basic ${Buffer.from(`${client.clientId}:not-the-secret`).toString('base64')}`;
    for (let i = 0; i < 3; i += 1) await request(api.baseUrl).get('/accounts').set('Authorization', wrong).expect(401);
    const blocked = await request(api.baseUrl).get('/accounts').set('Authorization', client.authorization).expect(429);
    expect(blocked.body).toEqual({
      type: 'rate_limit_error',
      message: 'Too many failed authentication attempts from this address. Check the client credentials, then retry after the number of seconds in Retry-After.',
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    await request(api.baseUrl).get('/accounts').set('Authorization', wrong).expect(429);
    // The endpoints without authentication stay open.
    await request(api.baseUrl).get('/openapi.json').expect(200);

    // Another replica sees the same window in Redis, and lets the address in once it is over.
    try {
      await request(replica.baseUrl).get('/accounts').set('Authorization', client.authorization).expect(429);
      const keys = await api.redis.keys(`${api.settings.API_REDIS_PREFIX}:rl:authfail:*`);
      expect(keys).toHaveLength(1);
      await api.redis.del(...keys);
      await request(later.baseUrl).get('/accounts').set('Authorization', client.authorization).expect(200);
    } finally {
      await Promise.all([replica.close(), later.close()]);
    }
  });
});
