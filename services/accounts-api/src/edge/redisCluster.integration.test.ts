import { randomBytes, randomUUID } from 'node:crypto';
import type { Cluster } from 'ioredis';
import { AttemptLimiter } from '@datasync/auth';
import { parseMasterKeys } from '@datasync/crypto';
import { RateLimitError } from '@datasync/errors';
import { silentLogger } from '@datasync/logger';
import { closeRedisConnection, createRedisConnection, scanKeys, waitForReady, type RedisConnection } from '@datasync/queue';
import { findRedisServer, startRedisCluster, type TestRedisCluster } from '@datasync/queue/testing';
import { EventClaims } from '../webhooks/eventClaims';
import { IdempotencyStore, replayBoxes } from './idempotencyStore';
import { BucketLeases } from './bucketLeases';

// The API's own Redis keys (rate limits, Idempotency-Keys, webhook event claims, failed-login
// counters) on a real Redis Cluster of three masters, started here. Each is one key per command
// or script, so a cluster routes it to whichever master holds its slot: many subjects spread
// over every master, and each must still count exactly.

const redisServer = findRedisServer();
if (!redisServer) process.stderr.write('Redis Cluster tests skipped: redis-server is not installed (apt-get install redis-server)\n');
const describeOnCluster = redisServer ? describe : describe.skip;

describeOnCluster("the API's Redis keys on a Redis Cluster", () => {
  let cluster: TestRedisCluster;
  let redis: RedisConnection;
  const prefix = `api-${randomBytes(4).toString('hex')}`;
  const subjects = Array.from({ length: 12 }, (_, i) => `subject-${i}`);

  beforeAll(async () => {
    cluster = await startRedisCluster();
    redis = createRedisConnection(cluster.settings, { role: 'producer' });
    expect(await waitForReady(redis, 5_000)).toBe(true);
  });

  afterAll(async () => {
    if (redis) await closeRedisConnection(redis);
    await cluster?.stop();
  });

  it('counts rate limits and failed attempts per subject, wherever its key lands', async () => {
    // A bucket of 5 that refills too slowly to matter within the test.
    const leases = new BucketLeases(redis, { perSecond: 0.001, burst: 5, maxLease: 2 });
    const limiter = new AttemptLimiter(redis, prefix, { name: 'authfail', windowMs: 30_000, max: 2, message: 'too many' }, silentLogger());
    for (const subject of subjects) {
      const takes = await Promise.all(Array.from({ length: 8 }, () => leases.take(`${prefix}:rl:bucket:${subject}`)));
      expect(takes.filter((t) => t.ok)).toHaveLength(5);
      await limiter.record(subject);
      await limiter.record(subject);
      await expect(limiter.record(subject)).rejects.toThrow(RateLimitError);
    }
    // The subjects' keys are on every master, not all in one slot.
    const masters = (redis as Cluster).nodes('master');
    const perMaster = await Promise.all(masters.map(async (node) => (await node.keys(`${prefix}:*`)).length));
    expect(perMaster.every((count) => count > 0)).toBe(true);
  });

  it('claims webhook events and Idempotency-Keys once', async () => {
    const claims = new EventClaims(redis, { prefix, ttlMs: 60_000 });
    const store = new IdempotencyStore(
      redis,
      { prefix, ttlMs: 60_000 },
      replayBoxes(parseMasterKeys(`k1:${Buffer.alloc(32, 3).toString('base64')}`)),
    );
    const environmentId = randomUUID();
    for (const subject of subjects) {
      expect(await claims.claim('source-1', `evt_${subject}`)).toBe(true);
      expect(await claims.claim('source-1', `evt_${subject}`)).toBe(false);
      expect(await store.begin(environmentId, subject, 'fingerprint')).toEqual({ kind: 'started' });
      await store.complete(environmentId, subject, 'fingerprint', { status: 201, body: { id: subject } });
      expect(await store.begin(environmentId, subject, 'fingerprint')).toEqual({
        kind: 'replay',
        response: { status: 201, body: { id: subject } },
      });
    }
    expect((await scanKeys(redis, `${prefix}:webhook-event:*`)).length).toBe(subjects.length);
  });
});
