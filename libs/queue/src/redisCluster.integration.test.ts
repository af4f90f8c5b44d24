import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { PassThrough } from 'node:stream';
import { Cluster } from 'ioredis';
import winston from 'winston';
import { createLogger, silentLogger } from '@datasync/logger';
import { closeRedisConnection, createRedisConnection, pingRedis, waitForReady, type RedisConnection } from './connection';
import { QueueUnavailableError } from './errors';
import { createProducer } from './producer';
import { queueDepths } from './queueDepths';
import { findRedisServer, startRedisCluster, type TestRedisCluster } from './testing/redisCluster';
import { deleteKeysUnder, keysUnder, pollUntil, uniquePrefix } from './testing/redisFixture';
import { testCatalog, type SegmentLoadPayload } from './testing/testCatalog';
import { createWorkers } from './workers';

// The queue library on a real Redis Cluster of three masters, started here: BullMQ's scripts
// touch several keys of a queue at once, which a cluster refuses unless they share a slot.

const runId = '5b2d8f0e-3c4a-4d6b-9e1f-2a3b4c5d6e7f';
const accountId = '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b';

const redisServer = findRedisServer();
if (!redisServer) process.stderr.write('Redis Cluster tests skipped: redis-server is not installed (apt-get install redis-server)\n');
const describeOnCluster = redisServer ? describe : describe.skip;

describeOnCluster('the queues on a Redis Cluster', () => {
  let cluster: TestRedisCluster;
  let workerConnection: RedisConnection;
  let producerConnection: RedisConnection;

  beforeAll(async () => {
    cluster = await startRedisCluster();
    workerConnection = createRedisConnection(cluster.settings, { role: 'worker' });
    producerConnection = createRedisConnection(cluster.settings, { role: 'producer' });
    expect(await waitForReady(workerConnection, 5_000)).toBe(true);
    expect(await waitForReady(producerConnection, 5_000)).toBe(true);
  });

  afterAll(async () => {
    if (workerConnection) await closeRedisConnection(workerConnection);
    if (producerConnection) await closeRedisConnection(producerConnection);
    await cluster?.stop();
  });

  it('connects as a cluster and answers readiness pings', async () => {
    expect(producerConnection).toBeInstanceOf(Cluster);
    expect((producerConnection as Cluster).nodes('master')).toHaveLength(3);
    expect(await pingRedis(workerConnection)).toBe(true);
  });

  it('runs jobs, retries and schedulers, with every key of the queues in one slot', async () => {
    const prefix = uniquePrefix();
    const producer = createProducer(producerConnection, { prefix, catalog: testCatalog });
    const attached: string[] = [];
    const loaded: SegmentLoadPayload[] = [];
    let failures = 0;
    const workers = createWorkers(workerConnection, {
      prefix,
      catalog: testCatalog,
      logger: silentLogger(),
      handlers: {
        'account.attach': async (payload) => void attached.push(payload.accountId),
        'segment.load': async (payload) => {
          // A first attempt that fails: the retry (a delayed job moved back) runs on the cluster too.
          if (failures++ === 0) throw new Error('first attempt fails');
          loaded.push(payload);
        },
      },
    });
    try {
      await producer.enqueue('account.attach', { accountId });
      await producer.enqueue('segment.load', { runId, n: 3 });
      await pollUntil(() => attached.length === 1 && loaded.length === 1, { what: 'both jobs to run' });
      expect(attached).toEqual([accountId]);
      expect(loaded).toEqual([{ runId, n: 3 }]);
      expect(failures).toBe(2);

      await producer.schedule('account.attach', { accountId }, { everyMs: 60_000 });
      expect(await producer.queue('lifecycle').getJobSchedulersCount()).toBe(1);
      await producer.enqueue('segment.load', { runId, n: 4 }, { delay: 60_000 });
      expect((await queueDepths(producerConnection, prefix, testCatalog.queues)).backfill).toEqual({
        waiting: 0,
        active: 0,
        delayed: 1,
        failed: 0,
      });

      const keys = await keysUnder(producerConnection, prefix);
      expect(keys.length).toBeGreaterThan(5);
      const slots = new Set(await Promise.all(keys.map((key) => producerConnection.cluster('KEYSLOT', key))));
      expect(slots.size).toBe(1);

      expect(await producer.unschedule('account.attach', { accountId })).toBe(true);
      expect(await producer.queue('lifecycle').getJobSchedulersCount()).toBe(0);
    } finally {
      await workers.close();
      await producer.close();
      await deleteKeysUnder(producerConnection, prefix);
    }
    expect(await keysUnder(producerConnection, prefix)).toEqual([]);
  });

  it('finds keys on every master, and deletes keys of many slots', async () => {
    // No hash tag here on purpose: the keys spread over the slots, so over the three masters.
    const prefix = `spread-${randomBytes(4).toString('hex')}`;
    const written = Array.from({ length: 48 }, (_, i) => `${prefix}:${i}`);
    await Promise.all(written.map((key) => producerConnection.set(key, '1', 'EX', 60)));
    const perMaster = await Promise.all(
      (producerConnection as Cluster)
        .nodes('master')
        .map(async (node) => (await node.scan('0', 'MATCH', `${prefix}:*`, 'COUNT', 1000))[1].length),
    );
    expect(perMaster.every((count) => count > 0)).toBe(true);

    expect((await keysUnder(producerConnection, prefix)).sort()).toEqual([...written].sort());
    await deleteKeysUnder(producerConnection, prefix);
    expect(await keysUnder(producerConnection, prefix)).toEqual([]);
  });

  it('fails a producer fast while no node answers, and logs no password', async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const logger = createLogger({ service: 'test', transports: [new winston.transports.Stream({ stream })] });
    const down = createRedisConnection(
      { REDIS_URL: 'redis://:cluster-s3cret@127.0.0.1:6379', REDIS_CLUSTER_NODES: `127.0.0.1:${await closedPort()}` },
      { role: 'producer', logger },
    );
    const producer = createProducer(down, { prefix: uniquePrefix(), catalog: testCatalog });
    try {
      const started = Date.now();
      await expect(producer.enqueue('account.attach', { accountId })).rejects.toThrow(QueueUnavailableError);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await pingRedis(down, 200)).toBe(false);
      await pollUntil(() => lines.length > 0, { what: 'the outage to be logged' });
      expect(lines.join('')).toContain('redis connection error');
      expect(lines.join('')).not.toContain('cluster-s3cret');
    } finally {
      await producer.close();
      await closeRedisConnection(down);
    }
  });
});

/** A port nothing listens on: bound by us, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
