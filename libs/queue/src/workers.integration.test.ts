import { PassThrough } from 'node:stream';
import { Queue, UnrecoverableError } from 'bullmq';
import type { Redis } from 'ioredis';
import winston from 'winston';
import { createLogger, MAX_TEXT_CHARS, silentLogger, type Logger } from '@datasync/logger';
import { closeRedisConnection } from './connection';
import { delayJob } from './delayJob';
import { createProducer, type Producer } from './producer';
import { connectForTest } from './testing/config';
import { deleteKeysUnder, pollUntil, uniquePrefix } from './testing/redisFixture';
import { testCatalog, type SegmentLoadPayload, type TestCatalog } from './testing/testCatalog';
import { createWorkers, type Handlers, type Workers } from './workers';

const runId = '3c9e2a4b-6d1f-4e8a-b7c5-9a0d1e2f3b4c';
const accountId = '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f';

let workerConnection: Redis;
let producerConnection: Redis;
let prefix: string;
let producer: Producer<TestCatalog>;
let running: Workers<'lifecycle' | 'backfill'> | undefined;
const queues: Queue[] = [];

const inspect = (name: 'lifecycle' | 'backfill'): Queue => {
  const queue = new Queue(name, { connection: producerConnection, prefix });
  queues.push(queue);
  return queue;
};

const start = (handlers: Handlers<TestCatalog>, logger: Logger = silentLogger()): Workers<'lifecycle' | 'backfill'> => {
  running = createWorkers(workerConnection, { prefix, catalog: testCatalog, handlers, logger, concurrency: 2 });
  return running;
};

const noop = async (): Promise<void> => undefined;

/** Waits for the job to reach a final state and returns it. */
const settled = async (queueName: 'lifecycle' | 'backfill', id: string) => {
  const queue = inspect(queueName);
  await pollUntil(async () => ['completed', 'failed'].includes(await queue.getJobState(id)), { what: `job ${id} to settle` });
  const job = await queue.getJob(id);
  if (!job) throw new Error(`job ${id} vanished`);
  return { job, state: await job.getState() };
};

beforeAll(async () => {
  workerConnection = await connectForTest('worker');
  producerConnection = await connectForTest('producer');
});

beforeEach(() => {
  prefix = uniquePrefix();
  producer = createProducer(producerConnection, { prefix, catalog: testCatalog });
});

afterEach(async () => {
  await running?.close();
  running = undefined;
  await producer.close();
  await Promise.all(queues.splice(0).map((queue) => queue.close()));
  await deleteKeysUnder(producerConnection, prefix);
});

afterAll(async () => {
  await closeRedisConnection(workerConnection);
  await closeRedisConnection(producerConnection);
});

describe('createWorkers', () => {
  it('runs the handler with the validated payload and a job logger', async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().trim().split('\n')));
    const logger = createLogger({ service: 'test', transports: [new winston.transports.Stream({ stream })] });
    const received: SegmentLoadPayload[] = [];
    start(
      {
        'account.attach': noop,
        'segment.load': async (payload, { logger: jobLogger }) => {
          received.push(payload);
          jobLogger.info('segment loaded');
        },
      },
      logger,
    );

    const { id } = await producer.enqueue('segment.load', { runId, n: 4 });

    const { state } = await settled('backfill', id);
    expect(state).toBe('completed');
    expect(received).toEqual([{ runId, n: 4 }]);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((l) => l.message === 'segment loaded');
    expect(logged).toMatchObject({ jobId: id, jobName: 'segment.load', service: 'test' });
  });

  it('fails a payload that is invalid on receipt at once, without retrying', async () => {
    let calls = 0;
    start({ 'account.attach': noop, 'segment.load': async () => void calls++ });
    // Written past the producer, as an older deploy or a hand-made job could.
    const raw = inspect('backfill');
    await raw.add('segment.load', { runId: 'not-a-uuid', n: 1 }, { jobId: 'raw-1', attempts: 3 });

    const { job, state } = await settled('backfill', 'raw-1');
    expect(state).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/invalid payload for job segment\.load: "runId" must be a valid GUID/);
    expect(calls).toBe(0);
  });

  it('stores the error of a failed job redacted, as a log line would be', async () => {
    const canary = 'c4n4ry';
    start({
      'account.attach': noop,
      'segment.load': async () => {
        throw new UnrecoverableError(`connecting to postgres://loader:pa/ss${canary}@db.example.com/app failed; key sk_live_${canary}`);
      },
    });
    const { id } = await producer.enqueue('segment.load', { runId, n: 2 });

    const { job, state } = await settled('backfill', id);
    expect(state).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toBe('connecting to postgres://loader:[REDACTED]@db.example.com/app failed; key sk_live_[REDACTED]');
    expect(job.stacktrace?.length).toBeGreaterThan(0);
    expect(JSON.stringify(job.stacktrace)).not.toContain(canary);
  });

  it('stores a long error masked, then cut, its stack keeping the frames', async () => {
    const canary = 'c4n4ry';
    start({
      'account.attach': noop,
      'segment.load': async () => {
        throw new UnrecoverableError(`refused by postgres://loader:${canary}@db/app: ${'a://:'.repeat(60_000)} sk_live_${canary}`);
      },
    });
    const { id } = await producer.enqueue('segment.load', { runId, n: 3 });

    const { job } = await settled('backfill', id);
    expect(job.failedReason).toMatch(/^refused by postgres:\/\/loader:\[REDACTED\]@db\/app: a:\/\/:.*… \[truncated \d+ chars\] …/);
    expect(job.failedReason).toMatch(/ sk_live_\[REDACTED\]$/);
    expect(job.failedReason.length).toBeLessThan(MAX_TEXT_CHARS + 40);
    const [stack] = job.stacktrace ?? [];
    expect(stack).toMatch(/… \[truncated \d+ chars\] …[^\n]*\n\s+at .+workers\.integration\.test\.ts:\d+:\d+/);
    expect(stack?.length).toBeLessThan(3 * MAX_TEXT_CHARS);
    expect(JSON.stringify([job.failedReason, job.stacktrace])).not.toContain(canary);
  });

  it('fails a job whose name has no handler without retrying', async () => {
    start({ 'account.attach': noop, 'segment.load': noop });
    await inspect('lifecycle').add('account.unknown', { accountId }, { jobId: 'raw-2', attempts: 3 });

    const { job, state } = await settled('lifecycle', 'raw-2');
    expect(state).toBe('failed');
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toBe('no handler for job account.unknown');
  });

  it('retries a transient error with backoff, then succeeds', async () => {
    let calls = 0;
    start({
      'account.attach': async () => {
        calls += 1;
        if (calls < 3) throw new Error('provider timed out');
      },
      'segment.load': noop,
    });

    const { id } = await producer.enqueue('account.attach', { accountId });

    const { job, state } = await settled('lifecycle', id);
    expect(state).toBe('completed');
    expect(calls).toBe(3);
    expect(job.attemptsMade).toBe(3);
  });

  it('leaves a job failed after its catalog attempts', async () => {
    let calls = 0;
    start({
      'account.attach': noop,
      'segment.load': async () => {
        calls += 1;
        throw new Error('destination unreachable');
      },
    });

    const { id } = await producer.enqueue('segment.load', { runId, n: 0 });

    const { job, state } = await settled('backfill', id);
    expect(state).toBe('failed');
    expect(calls).toBe(2);
    expect(job.attemptsMade).toBe(2);
    expect(job.failedReason).toBe('destination unreachable');
  });

  it('delays only the job that delayJob names, and runs it after the delay', async () => {
    const runs: number[] = [];
    let until = 0;
    start({
      'account.attach': noop,
      'segment.load': async (payload, { job, token }) => {
        runs.push(Date.now());
        if (payload.n === 0 && runs.length === 1) {
          until = Date.now() + 400;
          await delayJob(job, token, until);
        }
      },
    });

    const delayed = await producer.enqueue('segment.load', { runId, n: 0 });
    const queue = inspect('backfill');
    await pollUntil(async () => (await queue.getJobState(delayed.id)) === 'delayed', { what: 'the job to be delayed' });
    // Another job of the same queue is not held back by the delayed one.
    const other = await producer.enqueue('segment.load', { runId, n: 1 });
    expect((await settled('backfill', other.id)).state).toBe('completed');
    expect(await queue.getJobState(delayed.id)).toBe('delayed');

    const { job, state } = await settled('backfill', delayed.id);
    expect(state).toBe('completed');
    expect(runs).toHaveLength(3);
    expect(runs[2]).toBeGreaterThanOrEqual(until);
    // The delay is not a failed attempt.
    expect(job.attemptsMade).toBe(1);
  });

  it('close waits for the running job to finish', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    let finished = false;
    const workers = start({
      'account.attach': async () => {
        started = true;
        await gate;
        finished = true;
      },
      'segment.load': noop,
    });
    const { id } = await producer.enqueue('account.attach', { accountId });
    await pollUntil(() => started, { what: 'the job to start' });

    // The job is released well after close() starts: a close that did not wait would resolve first.
    setTimeout(release, 300);
    let finishedWhenClosed: boolean | undefined;
    await workers.close().then(() => (finishedWhenClosed = finished));

    expect(finishedWhenClosed).toBe(true);
    expect(await inspect('lifecycle').getJobState(id)).toBe('completed');
  });
});
