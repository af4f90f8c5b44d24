import net from 'node:net';
import winston from 'winston';
import { createLogger } from '@datasync/logger';
import { closeTestKnex, createTestRedis, getTestKnex, randomQueuePrefix } from '@datasync/testing';
import { DestinationCheckLimits } from '../../destinations/checkLimits';
import { as, buildResourceApp, newCaller } from '../../testing/resourceApp';

// The connection check dials whatever host and port it is given: per environment it runs a few
// times a minute and a few at once, or it is a port scanner and a password oracle.

const knex = getTestKnex();
const redis = createTestRedis();
const logger = createLogger({
  service: 'config-service-test',
  level: 'error',
  transports: [new winston.transports.Console({ silent: true })],
});
const limits = new DestinationCheckLimits(
  redis,
  { API_REDIS_PREFIX: randomQueuePrefix(), DESTINATION_CHECKS_PER_MINUTE: 3, DESTINATION_CHECKS_CONCURRENT: 1 },
  logger,
);
const { app } = buildResourceApp(knex, { destinationCheckLimits: limits });

// Accepts connections and never answers: a check against it waits for its connect timeout.
const silent = net.createServer(() => undefined);
let silentPort: number;

beforeAll(async () => {
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as net.AddressInfo).port;
});

afterAll(async () => {
  silent.close();
  await redis.quit();
  await closeTestKnex();
});

// Port 9 (discard) has no listener: the check fails at once with a result, not an error.
const closedPort = { name: 'probe', engine: 'postgres', connection_string: 'postgres://user:guess@127.0.0.1:9/db' };

describe('destination check limits', () => {
  it('allows a few checks per environment per minute, then 429 for checks and creations alike, not for other environments', async () => {
    const [caller, other] = await Promise.all([newCaller(app), newCaller(app)]);
    for (let i = 0; i < 3; i += 1) expect((await as(app, caller).post('/destinations/check', closedPort).expect(200)).body.ok).toBe(false);
    const refused = await as(app, caller).post('/destinations/check', closedPort).expect(429);
    expect(refused.body).toEqual({
      type: 'rate_limit_error',
      message: 'Too many destination checks in this environment (limit 3 per minute). Retry after the number of seconds in Retry-After.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await as(app, caller).post('/destinations', closedPort).expect(429);
    await as(app, other).post('/destinations/check', closedPort).expect(200);
  });

  it('runs one check of an environment at a time; another one meanwhile gets a 429 at once', async () => {
    const caller = await newCaller(app);
    const hanging = {
      name: 'slow',
      engine: 'postgres',
      connection_string: `postgres://user:guess@127.0.0.1:${silentPort}/db?connect_timeout=2`,
    };
    const first = as(app, caller)
      .post('/destinations/check', hanging)
      .then((r) => r);
    // Let the first one reach the server before the second asks.
    await new Promise<void>((resolve) => silent.once('connection', () => resolve()));
    const started = Date.now();
    const second = await as(app, caller).post('/destinations/check', hanging).expect(429);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(second.body.message).toBe('Too many destination checks of this environment at once (at most 1). Retry when one has finished.');
    expect((await first).status).toBe(200);
  });
});
