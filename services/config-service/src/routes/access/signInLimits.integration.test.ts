import { randomBytes } from 'node:crypto';
import winston from 'winston';
import request from 'supertest';
import { createAuth, createBasicAuth, failedBasicAuthLimiter } from '@datasync/auth';
import { Readiness } from '@datasync/http';
import { createLogger } from '@datasync/logger';
import { closeTestKnex, createTestRedis, getTestKnex, randomQueuePrefix } from '@datasync/testing';
import { createCredential, randomEmail, signUp } from '../../testing/accessApp';
import { createApp } from '../../app';

// Brute force against config-service: logins and sign-ups are limited per account and per client
// address before any password is hashed, and Basic auth here counts in the very limiter the
// Accounts API uses.

const knex = getTestKnex();
const redis = createTestRedis();
const logger = createLogger({
  service: 'config-service-test',
  level: 'error',
  transports: [new winston.transports.Console({ silent: true })],
});
const config = {
  API_REDIS_PREFIX: randomQueuePrefix(),
  RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: 3,
  LOGIN_FAILURES_PER_ACCOUNT: 3,
  LOGIN_FAILURES_PER_ADDRESS: 5,
  LOGIN_FAILURE_WINDOW_MINUTES: 15,
  SIGNUPS_PER_ADDRESS_PER_HOUR: 4,
  PASSWORD_HASH_CONCURRENCY: 2,
};
const masterKeys = [{ id: 'test', key: randomBytes(32) }];
const auth = createAuth({
  knex,
  masterKeys,
  secureCookies: false,
  SESSION_TTL_HOURS: 1,
  SESSION_IDLE_MINUTES: 30,
  BASIC_AUTH_CACHE_SECONDS: 0,
  passwordScrypt: { N: 2 ** 10, r: 8, p: 1 },
  limits: { redis, logger, config },
});
// Supertest connects over loopback: trusting it makes X-Forwarded-For the client address, so each
// test is a client of its own.
const app = createApp({ logger, readiness: new Readiness(), bodyLimit: '100kb', trustedProxies: ['loopback'], auth });
const usedAddresses = new Set<string>();
function freshAddress(): string {
  for (;;) {
    const candidate = `203.0.113.${Math.floor(Math.random() * 254) + 1}`;
    if (!usedAddresses.has(candidate)) {
      usedAddresses.add(candidate);
      return candidate;
    }
  }
}

afterAll(async () => {
  await redis.quit();
  await closeTestKnex();
});

const login = (address: string, body: object) => request(app).post('/api/v1/login').set('X-Forwarded-For', address).send(body);
const TOO_MANY_LOGINS = { type: 'rate_limit_error', message: 'Too many failed logins. Retry after the number of seconds in Retry-After.' };

async function signUpFrom(address: string) {
  const email = randomEmail();
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const res = await request(app)
    .post('/api/v1/signup')
    .set('X-Forwarded-For', address)
    .send({ email, password, organization_name: `org ${email}` });
  return { res, email, password };
}

describe('sign-in limits', () => {
  it("stops guessing one account's password from anywhere, without hashing, until the window ends", async () => {
    const owner = await signUpFrom(freshAddress());
    for (let i = 0; i < 3; i += 1) await login(freshAddress(), { email: owner.email, password: 'wrong password!' }).expect(401);
    const locked = await login(freshAddress(), { email: owner.email.toUpperCase(), password: owner.password }).expect(429);
    expect(locked.body).toEqual(TOO_MANY_LOGINS);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another account is not affected.
    const other = await signUpFrom(freshAddress());
    await login(freshAddress(), { email: other.email, password: other.password }).expect(200);
  });

  it('stops one address guessing many accounts, and not the others', async () => {
    const attacker = freshAddress();
    for (let i = 0; i < 5; i += 1) await login(attacker, { email: randomEmail(), password: 'wrong password!' }).expect(401);
    const victim = await signUpFrom(freshAddress());
    expect((await login(attacker, { email: victim.email, password: victim.password }).expect(429)).body).toEqual(TOO_MANY_LOGINS);
    await login(freshAddress(), { email: victim.email, password: victim.password }).expect(200);
  });

  it('counts an IPv6 /64 as one address: rotating the host part does not reset a limit', async () => {
    const word = () => Math.floor(Math.random() * 0xffff).toString(16);
    const network = `2001:db8:${word()}`;
    const guesser = `${network}:${word()}`;
    for (let i = 0; i < 5; i += 1) await login(`${guesser}:${i + 1}::1`, { email: randomEmail(), password: 'wrong password!' }).expect(401);
    const victim = await signUpFrom(freshAddress());
    expect((await login(`${guesser}:ffff::2`, { email: victim.email, password: victim.password }).expect(429)).body).toEqual(
      TOO_MANY_LOGINS,
    );
    // Another /64 of the same /48 is another client.
    const neighbour = `${network}:${word()}`;
    await login(`${neighbour}::1`, { email: victim.email, password: victim.password }).expect(200);
    for (let i = 0; i < 4; i += 1) expect((await signUpFrom(`${neighbour}::${i + 10}`)).res.status).toBe(201);
    expect((await signUpFrom(`${neighbour}:1:2:3:4`)).res.status).toBe(429);
  });

  it('limits sign-ups per address', async () => {
    const address = freshAddress();
    for (let i = 0; i < 4; i += 1) expect((await signUpFrom(address)).res.status).toBe(201);
    const refused = await signUpFrom(address);
    expect(refused.res.status).toBe(429);
    expect(refused.res.body).toEqual({
      type: 'rate_limit_error',
      message: 'Too many sign-ups from this address. Retry after the number of seconds in Retry-After.',
    });
    expect(await knex('users').whereRaw('lower(email) = lower(?)', [refused.email]).first()).toBeUndefined();
    expect((await signUpFrom(freshAddress())).res.status).toBe(201);
  });

  it("counts Basic-auth failures in the Accounts API's limiter: guessing here locks the pair there too", async () => {
    const user = await signUp(app);
    const admin = await createCredential(user, 'admin');
    const wrong = `Basic ${Buffer.from(`${admin.client_id}:not-the-secret`).toString('base64')}`;
    const address = freshAddress();
    for (let i = 0; i < 3; i += 1)
      await request(app).get('/api/v1/client_credentials').set('X-Forwarded-For', address).set('Authorization', wrong).expect(401);
    await request(app)
      .get('/api/v1/client_credentials')
      .set('X-Forwarded-For', address)
      .set('Authorization', admin.authorization)
      .expect(429);
    // What accounts-api builds (services.ts): another process, the same limiter keys.
    const accountsApiBasic = createBasicAuth(auth.clientCredentials, { failures: failedBasicAuthLimiter(redis, config, logger) });
    await expect(accountsApiBasic.authenticate(admin.authorization, address)).rejects.toMatchObject({ status: 429 });
    // The same credential from its owner's address is not refused for a stranger's failures.
    expect(await accountsApiBasic.authenticate(admin.authorization, freshAddress())).toMatchObject({ clientId: admin.client_id });
    await request(app)
      .get('/api/v1/client_credentials')
      .set('X-Forwarded-For', freshAddress())
      .set('Authorization', admin.authorization)
      .expect(200);
  });
});
