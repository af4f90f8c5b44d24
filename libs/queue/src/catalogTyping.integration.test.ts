// Each `@ts-expect-error` below is a compile-time test: `tsc -b libs/queue` fails if the line
// under it ever type-checks. The same calls also run, to show the runtime guard agrees.
import Joi from 'joi';
import type { Redis } from 'ioredis';
import { silentLogger } from '@datasync/logger';
import { defineJob, type PayloadOf } from './defineCatalog';
import { closeRedisConnection } from './connection';
import { CatalogError, InvalidJobPayloadError } from './errors';
import { createProducer, type Producer } from './producer';
import { connectForTest } from './testing/config';
import { deleteKeysUnder, keysUnder, pollUntil, uniquePrefix } from './testing/redisFixture';
import { testCatalog, type SegmentLoadPayload, type TestCatalog } from './testing/testCatalog';
import { createWorkers } from './workers';

const runId = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
const noop = async (): Promise<void> => undefined;

let workerConnection: Redis;
let producerConnection: Redis;
let prefix: string;
let producer: Producer<TestCatalog>;

beforeAll(async () => {
  workerConnection = await connectForTest('worker');
  producerConnection = await connectForTest('producer');
});

beforeEach(() => {
  prefix = uniquePrefix();
  producer = createProducer(producerConnection, { prefix, catalog: testCatalog });
});

afterEach(async () => {
  await producer.close();
  await deleteKeysUnder(producerConnection, prefix);
});

afterAll(async () => {
  await closeRedisConnection(workerConnection);
  await closeRedisConnection(producerConnection);
});

describe('enqueue typing', () => {
  it('infers the payload type from the catalog entry', () => {
    const payload: PayloadOf<TestCatalog, 'segment.load'> = { runId, n: 1 };
    const same: SegmentLoadPayload = payload;
    expect(same).toBe(payload);
  });

  it('refuses a payload of the wrong type', async () => {
    // @ts-expect-error n is a number
    await expect(producer.enqueue('segment.load', { runId, n: '1' })).rejects.toThrow(InvalidJobPayloadError);
    // @ts-expect-error n is missing
    await expect(producer.enqueue('segment.load', { runId })).rejects.toThrow(InvalidJobPayloadError);
    // @ts-expect-error the payload of another job
    await expect(producer.enqueue('segment.load', { accountId: runId })).rejects.toThrow(InvalidJobPayloadError);
    expect(await keysUnder(producerConnection, prefix)).toEqual([]);
  });

  it('refuses a job name outside the catalog', async () => {
    // @ts-expect-error not a job of this catalog
    await expect(producer.enqueue('account.delete', { accountId: runId })).rejects.toThrow(InvalidJobPayloadError);
  });
});

describe('handler typing', () => {
  const base = { prefix: 'unused', catalog: testCatalog, logger: silentLogger() };

  it('refuses a missing handler', () => {
    expect(() =>
      createWorkers(workerConnection, {
        ...base,
        // @ts-expect-error segment.load has no handler
        handlers: { 'account.attach': noop },
      }),
    ).toThrow(CatalogError);
  });

  it('refuses a handler for a job the workers do not run', () => {
    expect(() =>
      createWorkers(workerConnection, {
        ...base,
        queues: ['lifecycle'],
        handlers: {
          'account.attach': noop,
          // @ts-expect-error segment.load lives in backfill, which these workers do not run
          'segment.load': noop,
        },
      }),
    ).toThrow(/unexpected \[segment\.load\]/);
  });

  it('types each handler with its own payload', async () => {
    const seen: number[] = [];
    const workers = createWorkers(workerConnection, {
      ...base,
      prefix,
      queues: ['backfill'],
      handlers: {
        'segment.load': async (payload) => {
          const n: number = payload.n;
          // @ts-expect-error runId is a string
          const wrong: number = payload.runId;
          seen.push(n, wrong);
        },
      },
    });
    expect([...workers.workers.keys()]).toEqual(['backfill']);
    await producer.enqueue('segment.load', { runId, n: 7 });
    // Closing only after a job ran also sidesteps BullMQ leaking its stalled-check timer when a
    // worker is closed within milliseconds of starting.
    await pollUntil(() => seen.length > 0, { what: 'the handler to run' });
    await workers.close();
    expect(seen).toEqual([7, runId]);
  });

  it('types the job id function with the payload', () => {
    const job = defineJob({
      queue: 'q',
      schema: Joi.object<{ accountId: string }, true>({ accountId: Joi.string().required() }),
      // @ts-expect-error the payload has no runId
      jobId: (p) => `x-${p.runId}`,
    });
    expect(job.jobId({ accountId: 'a' })).toBe('x-undefined');
  });
});
