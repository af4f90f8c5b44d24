import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { closeRedisConnection } from './connection';
import { oldestWaitingSeconds } from './oldestWaiting';
import { connectForTest } from './testing/config';
import { deleteKeysUnder, uniquePrefix } from './testing/redisFixture';

// The age of the first job in line, read from BullMQ's own keys: jobs are added with a chosen
// creation time and `now` is passed in, so nothing here depends on the clock or on timing.

const NOW = 1_800_000_000_000;
let connection: Redis;
let prefix: string;
let queues: Queue[];

beforeAll(async () => {
  connection = await connectForTest('producer');
});

beforeEach(() => {
  prefix = uniquePrefix();
  queues = [];
});

afterEach(async () => {
  await Promise.all(queues.map((q) => q.close()));
  await deleteKeysUnder(connection, prefix);
});

afterAll(async () => {
  await closeRedisConnection(connection);
});

function queue(name: string): Queue {
  const q = new Queue(name, { connection, prefix });
  queues.push(q);
  return q;
}

it('reports the first job in line of each queue, 0 for a queue with none waiting', async () => {
  const backfill = queue('backfill');
  await backfill.add('segment.load', {}, { jobId: 'a', timestamp: NOW - 90_000 });
  await backfill.add('segment.load', {}, { jobId: 'b', timestamp: NOW - 10_000 });
  queue('lifecycle');

  expect(await oldestWaitingSeconds(connection, prefix, ['backfill', 'lifecycle'], NOW)).toEqual({ backfill: 90, lifecycle: 0 });
});

it('counts a prioritized job that waits longer than the plain ones', async () => {
  const backfill = queue('backfill');
  await backfill.add('account.verify', {}, { jobId: 'verify', timestamp: NOW - 300_000, priority: 100 });
  await backfill.add('segment.load', {}, { jobId: 'segment', timestamp: NOW - 20_000 });

  expect(await oldestWaitingSeconds(connection, prefix, ['backfill'], NOW)).toEqual({ backfill: 300 });
});

it('leaves out delayed jobs: they are not in line yet', async () => {
  const lifecycle = queue('lifecycle');
  await lifecycle.add('account.resync', {}, { jobId: 'later', timestamp: NOW - 600_000, delay: 3_600_000 });

  expect(await oldestWaitingSeconds(connection, prefix, ['lifecycle'], NOW)).toEqual({ lifecycle: 0 });
});
