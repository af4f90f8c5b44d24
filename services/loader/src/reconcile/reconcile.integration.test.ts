import { Queue } from 'bullmq';
import { TABLES } from '@datasync/db';
import { createTestRedis, waitFor } from '@datasync/testing';
import type { Redis } from 'ioredis';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { reconcile } from './reconcile.service';

let h: LoaderHarness;
let redis: Redis;
let backfill: Queue;

beforeAll(async () => {
  h = await startHarness();
  redis = createTestRedis();
  backfill = new Queue('backfill', { connection: redis, prefix: h.prefix });
});

afterAll(async () => {
  await backfill?.close();
  await redis?.quit();
  await h?.stop();
});

const status = async (accountId: string) =>
  ((await h.knex(TABLES.accountStates).where({ account_id: accountId }).first('status')) as { status: string } | undefined)?.status;

it('attaches an account whose enqueue was lost, and re-enqueues segments whose jobs vanished', async () => {
  // Only attach and maintenance run at first: segment jobs wait in the backfill queue.
  const lifecycle = h.startWorkers(['lifecycle', 'maintenance']);
  const account = await h.addAccount({ charges: 1_200 });

  // No enqueue happened (Redis was down when the account committed).
  const first = await reconcile(h.deps, h.deps.logger, { graceMs: 0 });
  expect(first.attached).toBe(1);
  await waitFor(async () => (await status(account.id)) === 'loading', { description: 'the attach to run', timeoutMs: 20_000 });
  await waitFor(async () => !(await h.deps.queues.isLive('account.attach', { accountId: account.id })), {
    description: 'the attach to finish',
    timeoutMs: 20_000,
  });
  const queued = (await h.knex(TABLES.segments).where({ account_id: account.id, status: 'queued' }).select('run_id', 'n')) as {
    run_id: string;
    n: number;
  }[];
  expect(queued.length).toBeGreaterThan(0);

  // Their jobs are lost (a Redis without persistence restarted): the reconciler notices.
  for (const s of queued) expect(await backfill.remove(`segment-${s.run_id}-${s.n}`)).toBe(1);
  const second = await reconcile(h.deps, h.deps.logger, { graceMs: 0 });
  expect(second).toMatchObject({ attached: 0, requeuedSegments: queued.length });
  for (const s of queued) expect(await backfill.getJobState(`segment-${s.run_id}-${s.n}`)).toBe('waiting');
  // Nothing more to do a moment later: jobs that exist are left alone.
  expect(await reconcile(h.deps, h.deps.logger, { graceMs: 0 })).toMatchObject({ attached: 0, requeuedSegments: 0 });

  const backfillWorkers = h.startWorkers(['backfill']);
  await waitFor(async () => (await status(account.id)) === 'live', { description: 'the backfill to finish', timeoutMs: 30_000 });
  expect(await h.destination.knex('stripe_charges').where({ account_id: account.identifier }).count({ n: '*' })).toEqual([{ n: '1200' }]);
  await backfillWorkers.close();
  await lifecycle.close();
});

it('starts a resync that was requested but whose job was lost, once', async () => {
  const workers = h.startWorkers();
  const account = await h.addAccount({ charges: 150 });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await status(account.id)) === 'live', { description: 'the account to be live', timeoutMs: 30_000 });

  // Requested through the API (libs/accounts stamps the account), its job never ran.
  await h
    .knex(TABLES.accounts)
    .where({ id: account.id })
    .update({ resync_requested_at: h.knex.raw("date_trunc('milliseconds', now())") });
  expect(await reconcile(h.deps, h.deps.logger, { graceMs: 0 })).toMatchObject({ resyncs: 1 });
  await waitFor(async () => (await h.knex(TABLES.runs).where({ account_id: account.id, kind: 'resync' })).length === 1, {
    description: 'the resync run',
    timeoutMs: 20_000,
  });
  await waitFor(
    async () => (await h.knex(TABLES.accountStates).where({ account_id: account.id }).first('resync_taken_at'))?.resync_taken_at !== null,
    {
      description: 'the request recorded as taken',
      timeoutMs: 20_000,
    },
  );
  expect(await reconcile(h.deps, h.deps.logger, { graceMs: 0 })).toMatchObject({ resyncs: 0 });
  await waitFor(async () => (await status(account.id)) === 'live', { description: 'the resync to complete', timeoutMs: 30_000 });
  await workers.close();
});
