import request from 'supertest';
import { closeTestKnex, randomQueuePrefix } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../testing/apiTestApp';
import { newClient } from '../testing/fixtures';
import { maxLeaseFor } from './rateLimits';

let api: ApiTestApp;

beforeAll(async () => {
  api = await startApiTestApp({ settings: { RATE_LIMIT_PER_SECOND: 5, RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: 3 } });
});

afterAll(async () => {
  await api?.close();
  await closeTestKnex();
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once a client credential spends its burst, and not another client', async () => {
    // One token a second after a burst of 10: the 24 requests would have to take over 14 s for
    // none to be refused, however loaded the machine.
    const slow = await startApiTestApp({ settings: { RATE_LIMIT_PER_SECOND: 1, RATE_LIMIT_BURST: 10 } });
    try {
      const [busy, calm] = await Promise.all([newClient(slow), newClient(slow)]);
      const started = Date.now();
      const results = await Promise.all(
        Array.from({ length: 24 }, () => request(slow.baseUrl).get('/accounts').set('Authorization', busy.authorization)),
      );
      const elapsedS = (Date.now() - started) / 1000;
      const ok = results.filter((r) => r.status === 200).length;
      const limited = results.filter((r) => r.status === 429);
      // The bucket of 10 at once, then 1 a second.
      expect(ok).toBeGreaterThanOrEqual(10);
      expect(ok).toBeLessThanOrEqual(10 + Math.ceil(elapsedS));
      expect(ok + limited.length).toBe(24);
      expect(limited.length).toBeGreaterThanOrEqual(1);
      expect(limited[0]?.body).toEqual({
        type: 'rate_limit_error',
        message:
          'Too many requests for this client credential (limit 1 per second, bursts of 10). Retry after the number of seconds in Retry-After.',
      });
      expect(limited[0]?.headers['retry-after']).toBe('1');
      await request(slow.baseUrl).get('/accounts').set('Authorization', calm.authorization).expect(200);
    } finally {
      await slow.close();
    }
  });

  it('holds one client to its rate across two replicas that lease its tokens', async () => {
    // 40 a second, bursts of 40: leases of up to 4 tokens (maxLeaseFor), so neither replica asks Redis per request.
    const shared = {
      API_REDIS_PREFIX: randomQueuePrefix(),
      SECRETS_MASTER_KEYS: api.settings.SECRETS_MASTER_KEYS,
      RATE_LIMIT_PER_SECOND: 40,
      RATE_LIMIT_BURST: 40,
    };
    const [one, two] = await Promise.all([startApiTestApp({ settings: shared }), startApiTestApp({ settings: shared })]);
    try {
      const client = await newClient(one);
      await request(two.baseUrl).get('/accounts').set('Authorization', client.authorization).expect(200);
      const started = Date.now();
      const results = await Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          request((i % 2 === 0 ? one : two).baseUrl)
            .get('/accounts')
            .set('Authorization', client.authorization),
        ),
      );
      const elapsedS = (Date.now() - started) / 1000;
      const ok = results.filter((r) => r.status === 200).length + 1;
      const limited = results.filter((r) => r.status === 429);
      expect(ok + limited.length).toBe(121);
      // Never past the bucket plus its refill, and refused early by at most the other replica's
      // unspent lease. Every request past what the bucket could give in that time is refused; a
      // machine too slow to outrun the refill has none to refuse, so the count, not its being
      // nonzero, is what holds everywhere.
      const allowed = 40 + Math.ceil(40 * elapsedS);
      expect(ok).toBeLessThanOrEqual(allowed);
      expect(limited.length).toBeGreaterThanOrEqual(121 - allowed);
      expect(ok).toBeGreaterThanOrEqual(40 - (maxLeaseFor(40) - 1));
      for (const res of limited) {
        expect(res.body).toEqual({
          type: 'rate_limit_error',
          message:
            'Too many requests for this client credential (limit 40 per second, bursts of 40). Retry after the number of seconds in Retry-After.',
        });
        expect(res.headers['retry-after']).toBe('1');
      }
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('refuses a client id that failed too often from an address, even with the right secret, on every replica', async () => {
    // Replicas start first, so the whole check fits well inside one rate-limit window even on a
    // loaded machine (starting an app takes seconds there).
    const shared = {
      API_REDIS_PREFIX: api.settings.API_REDIS_PREFIX,
      SECRETS_MASTER_KEYS: api.settings.SECRETS_MASTER_KEYS,
      RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: 3,
    };
    const replica = await startApiTestApp({ settings: shared });
    const later = await startApiTestApp({ settings: shared });
    const client = await newClient(api);
    const wrong = `Basic ${Buffer.from(`${client.clientId}:not-the-secret`).toString('base64')}`;
    for (let i = 0; i < 3; i += 1) await request(api.baseUrl).get('/accounts').set('Authorization', wrong).expect(401);
    const blocked = await request(api.baseUrl).get('/accounts').set('Authorization', client.authorization).expect(429);
    expect(blocked.body).toEqual({
      type: 'rate_limit_error',
      message:
        'Too many failed authentication attempts with this client id from this address. Check the client credentials, then retry after the number of seconds in Retry-After.',
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    await request(api.baseUrl).get('/accounts').set('Authorization', wrong).expect(429);
    // The endpoints without authentication stay open.
    await request(api.baseUrl).get('/openapi.json').expect(200);

    // Another replica sees the same window in Redis, and lets the pair in once it is over.
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

  it("never refuses valid credentials for someone else's failures from the same address (a load balancer)", async () => {
    const [victim, bystander] = await Promise.all([newClient(api), newClient(api)]);
    const guesses = [
      `Basic ${Buffer.from(`${victim.clientId}:not-the-secret`).toString('base64')}`,
      `Basic ${Buffer.from('cli_000000000000000000000000:guess').toString('base64')}`,
      'Basic %%%',
    ];
    for (const guess of guesses) for (let i = 0; i < 4; i += 1) await request(api.baseUrl).get('/accounts').set('Authorization', guess);
    // Unknown client ids and malformed headers count together for the address: a new id per guess gains nothing.
    await request(api.baseUrl)
      .get('/accounts')
      .set('Authorization', `Basic ${Buffer.from('cli_111111111111111111111111:guess').toString('base64')}`)
      .expect(429);
    await request(api.baseUrl).get('/accounts').set('Authorization', bystander.authorization).expect(200);
  });

  it('counts behind trusted proxies per real client address, and believes no one else', async () => {
    const proxied = await startApiTestApp({
      settings: { RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: 3, TRUSTED_PROXIES: '127.0.0.1/8, ::1, ::ffff:127.0.0.1' },
    });
    const direct = await startApiTestApp({ settings: { RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: 3 } });
    try {
      const client = await newClient(proxied);
      const wrong = `Basic ${Buffer.from(`${client.clientId}:not-the-secret`).toString('base64')}`;
      const from = (app: typeof api, address: string, authorization: string) =>
        request(app.baseUrl).get('/accounts').set('X-Forwarded-For', address).set('Authorization', authorization);
      for (let i = 0; i < 3; i += 1) await from(proxied, '198.51.100.7', wrong).expect(401);
      await from(proxied, '198.51.100.7', client.authorization).expect(429);
      // The owner, at its own address behind the same balancer, is not refused.
      await from(proxied, '198.51.100.8', client.authorization).expect(200);

      // Without trusted proxies X-Forwarded-For is the client's own claim: a new one per guess gains nothing.
      const directClient = await newClient(direct);
      const directWrong = `Basic ${Buffer.from(`${directClient.clientId}:not-the-secret`).toString('base64')}`;
      for (let i = 0; i < 3; i += 1) await from(direct, `192.0.2.${i + 1}`, directWrong).expect(401);
      await from(direct, '192.0.2.99', directClient.authorization).expect(429);
    } finally {
      await Promise.all([proxied.close(), direct.close()]);
    }
  });
});
