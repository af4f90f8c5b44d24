import { createServer } from 'node:net';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { closeRedisConnection, createRedisConnection, pingRedis } from './connection';
import { InvalidJobPayloadError, QueueUnavailableError } from './errors';
import { createProducer, type Producer } from './producer';
import { queueDepths } from './queueDepths';
import { connectForTest } from './testing/config';
import { deleteKeysUnder, keysUnder, uniquePrefix } from './testing/redisFixture';
import { testCatalog, type TestCatalog } from './testing/testCatalog';

const runId = '0d6b7c1e-8a55-4b1a-9c57-8f9d2b3e4a10';
const accountId = '7e0f4b8a-1c2d-4e5f-8a9b-0c1d2e3f4a5b';

let connection: Redis;
let prefix: string;
let producer: Producer<TestCatalog>;
const queues: Queue[] = [];

const inspect = (name: 'lifecycle' | 'backfill'): Queue => {
  const queue = new Queue(name, { connection, prefix });
  queues.push(queue);
  return queue;
};

beforeAll(async () => {
  connection = await connectForTest('producer');
});

beforeEach(() => {
  prefix = uniquePrefix();
  producer = createProducer(connection, { prefix, catalog: testCatalog });
});

afterEach(async () => {
  await producer.close();
  await Promise.all(queues.splice(0).map((queue) => queue.close()));
  await deleteKeysUnder(connection, prefix);
});

afterAll(async () => {
  await closeRedisConnection(connection);
});

describe('createProducer', () => {
  it('adds a job under its deterministic id with the catalog options', async () => {
    const { id } = await producer.enqueue('segment.load', { runId, n: 2 });

    expect(id).toBe(`segment-${runId}-2`);
    const job = await inspect('backfill').getJob(id);
    expect(job?.name).toBe('segment.load');
    expect(job?.data).toEqual({ runId, n: 2 });
    expect(job?.opts).toMatchObject({
      attempts: 2,
      backoff: { type: 'exponential', delay: 10 },
      removeOnComplete: { count: 5 },
      removeOnFail: { count: 50 },
    });
  });

  it('refuses an invalid payload and writes nothing to Redis', async () => {
    const bad = { runId: 'not-a-uuid', n: 1 };
    await expect(producer.enqueue('segment.load', bad)).rejects.toThrow(InvalidJobPayloadError);
    await expect(producer.enqueue('segment.load', bad)).rejects.toThrow('"runId" must be a valid GUID');

    expect(await keysUnder(connection, prefix)).toEqual([]);
  });

  it('absorbs a second enqueue of the same work', async () => {
    const first = await producer.enqueue('account.attach', { accountId });
    const second = await producer.enqueue('account.attach', { accountId });

    expect(second.id).toBe(first.id);
    const jobs = await inspect('lifecycle').getJobs(['waiting', 'delayed', 'prioritized']);
    expect(jobs.map((job) => job.id)).toEqual([first.id]);
  });

  it('passes per-call options but never replaces the id', async () => {
    const { id } = await producer.enqueue('account.attach', { accountId }, { delay: 60_000 });

    const queue = inspect('lifecycle');
    expect(await queue.getJobState(id)).toBe('delayed');
  });

  it('creates and removes a job scheduler keyed by the job id', async () => {
    const { id } = await producer.schedule('account.attach', { accountId }, { everyMs: 60_000 });

    const queue = inspect('lifecycle');
    const scheduler = await queue.getJobScheduler(id);
    expect(scheduler).toMatchObject({ key: id, name: 'account.attach', every: 60_000 });
    expect(await queue.getJobSchedulersCount()).toBe(1);

    expect(await producer.unschedule('account.attach', { accountId })).toBe(true);
    expect(await queue.getJobSchedulersCount()).toBe(0);
    expect(await producer.unschedule('account.attach', { accountId })).toBe(false);
  });

  it('hands out the queue it adds to, for reading job states, and a new one after close', async () => {
    const { id } = await producer.enqueue('account.attach', { accountId });

    const queue = producer.queue('lifecycle');
    expect(queue.qualifiedName).toBe(`${prefix}:lifecycle`);
    expect(producer.queue('lifecycle')).toBe(queue);
    expect(await queue.getJobState(id)).toBe('waiting');
    await producer.close();
    expect(producer.queue('lifecycle')).not.toBe(queue);
  });

  it('reports queue depths per queue', async () => {
    await producer.enqueue('segment.load', { runId, n: 0 });
    await producer.enqueue('segment.load', { runId, n: 1 });
    await producer.enqueue('account.attach', { accountId }, { delay: 60_000 });

    expect(await queueDepths(connection, prefix, testCatalog.queues)).toEqual({
      lifecycle: { waiting: 0, active: 0, delayed: 1, failed: 0 },
      backfill: { waiting: 2, active: 0, delayed: 0, failed: 0 },
    });
  });
});

describe('a producer without Redis', () => {
  it('fails fast when Redis is unreachable', async () => {
    const port = await closedPort();
    const down = createRedisConnection(`redis://127.0.0.1:${port}`, { role: 'producer' });
    const unreachable = createProducer(down, { prefix: uniquePrefix(), catalog: testCatalog });
    try {
      const started = Date.now();
      await expect(unreachable.enqueue('account.attach', { accountId })).rejects.toThrow(QueueUnavailableError);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await pingRedis(down, 200)).toBe(false);
    } finally {
      await unreachable.close();
      await closeRedisConnection(down);
    }
  });

  it('answers readiness pings when Redis is up', async () => {
    expect(await pingRedis(connection)).toBe(true);
  });
});

/** A port nothing listens on: bound by us, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
