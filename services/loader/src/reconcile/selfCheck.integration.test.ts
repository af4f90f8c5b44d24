import { TABLES } from '@datasync/db';
import { createTestRedis, waitFor } from '@datasync/testing';
import type { Redis } from 'ioredis';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { SelfCheck } from './selfCheck';

let h: LoaderHarness;
let redis: Redis;

beforeAll(async () => {
  h = await startHarness();
  redis = createTestRedis();
});

afterAll(async () => {
  await redis?.quit();
  await h?.stop();
});

/** What a Redis restarted without persistence looks like to this loader: none of its keys. */
async function loseRedisData(prefix: string): Promise<number> {
  let removed = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1_000);
    cursor = next;
    if (keys.length > 0) removed += await redis.del(...keys);
  } while (cursor !== '0');
  return removed;
}

const status = async (accountId: string) =>
  ((await h.knex(TABLES.accountStates).where({ account_id: accountId }).first('status')) as { status: string } | undefined)?.status;

it('restores the reconciler after Redis lost its data, and the backfill and polling carry on', async () => {
  // A long interval: every check below is an explicit one.
  const selfCheck = new SelfCheck(h.deps, { intervalMs: 600_000, reconcileEveryMs: 1_000 }, h.deps.logger);
  // A fresh queue prefix has no reconciler yet: the first check declares it.
  expect(await selfCheck.check()).toBe('restored');
  expect(await selfCheck.check()).toBe('ok');
  const workers = h.startWorkers();

  const live = await h.addAccount({ charges: 50 });
  const loading = await h.addAccount({ charges: 6_000 });
  await h.deps.producer.enqueue('account.attach', { accountId: live.id });
  await waitFor(async () => (await status(live.id)) === 'live', { description: 'the small account to be live', timeoutMs: 30_000 });
  await h.deps.producer.enqueue('account.attach', { accountId: loading.id });
  await waitFor(
    async () => Number((await h.knex(TABLES.segments).where({ account_id: loading.id }).sum({ n: 'rows_written' }))[0]?.n ?? 0) > 0,
    {
      description: 'the backfill to be under way',
      timeoutMs: 30_000,
      intervalMs: 50,
    },
  );

  expect(await loseRedisData(h.prefix)).toBeGreaterThan(0);
  expect(await h.deps.queues.hasScheduler('loader.reconcile', {})).toBe(false);
  expect(await h.deps.queues.hasScheduler('account.poll', { accountId: live.id })).toBe(false);

  expect(await selfCheck.check()).toBe('restored');
  expect(await h.deps.queues.hasScheduler('loader.reconcile', {})).toBe(true);
  // The reconciler, running again, gives the segments their jobs back and the accounts their polls.
  await waitFor(async () => (await status(loading.id)) === 'live', {
    description: 'the backfill to finish after the loss',
    timeoutMs: 60_000,
  });
  expect(await h.destination.knex('stripe_charges').where({ account_id: loading.identifier }).count({ n: '*' })).toEqual([{ n: '6000' }]);
  await waitFor(() => h.deps.queues.hasScheduler('account.poll', { accountId: live.id }), {
    description: 'the poll scheduler back',
    timeoutMs: 20_000,
  });

  // And a change at the provider after the loss still arrives.
  const [charge] = (await h.destination.knex('stripe_charges').where({ account_id: live.identifier }).limit(1).pluck('id')) as string[];
  await h.emulator.admin('POST', `/accounts/${live.externalId}/charges/${charge}`, { description: 'after Redis came back' });
  await waitFor(
    async () => {
      const row = (await h.destination.knex('stripe_charges').where({ account_id: live.identifier, id: charge }).first('data')) as {
        data: { description?: string };
      };
      return row.data.description === 'after Redis came back';
    },
    { description: 'the change after the loss', timeoutMs: 30_000 },
  );
  await selfCheck.stop();
  await workers.close();
  // Each wait above is bounded on its own; together they may outlast the default on a busy machine.
}, 180_000);
