import { Queue } from 'bullmq';
import { TABLES } from '@datasync/db';
import { createTestRedis, waitFor } from '@datasync/testing';
import type { Redis } from 'ioredis';
import { createLoaderWorld, providerCharges, waitForStatus, type LoaderWorld } from './support/loaderWorld';
import { TENTH_SCALE } from './support/tenthScale';
import { withoutLatency } from './support/undelayedReads';

// The same segment delivered twice concurrently, to two loader processes: every segment job gets
// a twin (same payload, another job id) the moment it is enqueued. No duplicates, no lost update.

// 200 pages of 10 rows: the pages, segments and batches of 20,000 rows at the default page of 100
// (support/tenthScale.ts), so as many segment jobs are twinned and race; rows are not what races.
const ROWS = 2_000;

let world: LoaderWorld;
let redis: Redis;
let backfill: Queue;

beforeAll(async () => {
  world = await createLoaderWorld();
  redis = createTestRedis();
  backfill = new Queue('backfill', { connection: redis, prefix: world.prefix });
});

afterAll(async () => {
  await backfill?.close();
  await redis?.quit();
  await world?.close();
});

it('two loaders given each segment twice load every row once and count it once', async () => {
  await world.startLoader(TENTH_SCALE, 'loader-1');
  await world.startLoader(TENTH_SCALE, 'loader-2');
  const account = await world.insertAccount({ charges: ROWS });
  await world.attach(account.id);

  const twinned = new Set<string>();
  const live = waitForStatus(world.controlPlane.knex, account.id, 'live', 120_000);
  let done = false;
  void live.finally(() => (done = true)).catch(() => undefined);
  // Twin every segment job as soon as it shows up, until the backfill is over.
  await waitFor(
    async () => {
      for (const job of await backfill.getJobs(['waiting', 'active', 'delayed', 'prioritized'])) {
        if (!job?.id || twinned.has(job.id) || job.id.startsWith('twin-')) continue;
        twinned.add(job.id);
        await backfill.add('segment.load', job.data, { jobId: `twin-${job.id}`, attempts: 6, removeOnComplete: true });
      }
      return done;
    },
    { description: 'the backfill to finish while its segments are twinned', timeoutMs: 120_000, intervalMs: 20 },
  );
  await live;
  expect(twinned.size).toBeGreaterThan(1);

  const provider = await withoutLatency(world.emulator.url, account.externalId, () => providerCharges(world.emulator.url, account.key));
  const loaded = await world.loadedRows(account.identifier);
  expect(loaded.size).toBe(ROWS);
  expect([...provider.keys()].filter((id) => !loaded.has(id))).toEqual([]);
  const segments = (await world.controlPlane.knex(TABLES.segments).where({ account_id: account.id }).select('rows_written', 'status')) as {
    rows_written: string;
    status: string;
  }[];
  expect(segments.every((s) => s.status === 'done')).toBe(true);
  // Counted once: a twin that ran along never moved a cursor or a counter.
  expect(segments.reduce((sum, s) => sum + Number(s.rows_written), 0)).toBe(ROWS);
  const state = await world.controlPlane.knex(TABLES.accountStates).where({ account_id: account.id }).first('rows_loaded');
  expect(Number(state.rows_loaded)).toBe(ROWS);
});
