import { Queue } from 'bullmq';
import { TABLES } from '@datasync/db';
import { createTestRedis, waitFor } from '@datasync/testing';
import { startHarness, type LoaderHarness } from '../testing/harness';

// Adaptive polling through the real workers and the emulator: an account no poll found a change in
// for the active period is polled at the idle interval (its scheduler replaced, the provider asked
// less often), and the first change found brings it back to the normal interval.

const NORMAL_MS = 400;
const IDLE_MS = 2_500;
const ACTIVE_FOR_MS = 1_500;

let h: LoaderHarness;
let incremental: Queue;
const redis = createTestRedis();

beforeAll(async () => {
  h = await startHarness({ settings: { pollIntervalMs: NORMAL_MS, pollIdleIntervalMs: IDLE_MS, pollActiveForMs: ACTIVE_FOR_MS } });
  h.startWorkers();
  incremental = new Queue('incremental', { connection: redis, prefix: h.prefix });
});

afterAll(async () => {
  await incremental?.close();
  await h?.stop();
  redis.disconnect();
});

const schedulerEvery = async (accountId: string) => (await incremental.getJobScheduler(`poll-${accountId}`))?.every;
const recordedInterval = async (accountId: string) =>
  ((await h.knex(TABLES.accountPollModes).where({ account_id: accountId }).first('interval_ms')) as { interval_ms: number } | undefined)
    ?.interval_ms;
const eventRequests = async (externalId: string) =>
  (await h.emulator.admin<{ by_endpoint: Record<string, number> }>('GET', `/accounts/${externalId}/stats`)).by_endpoint['/v1/events'] ?? 0;

it('polls an idle account at the idle interval and an account that changed at the normal one', async () => {
  const account = await h.addAccount({ charges: 5 });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await schedulerEvery(account.id)) === NORMAL_MS, {
    description: 'the poll at the normal interval',
    timeoutMs: 20_000,
  });

  await waitFor(async () => (await schedulerEvery(account.id)) === IDLE_MS, {
    description: 'the poll at the idle interval once the account is idle',
    timeoutMs: 20_000,
  });
  expect(await recordedInterval(account.id)).toBe(IDLE_MS);
  // At the idle interval a 5 s window holds two or three polls, not the dozen of the normal one.
  const before = await eventRequests(account.externalId);
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const idlePolls = (await eventRequests(account.externalId)) - before;
  expect(idlePolls).toBeGreaterThanOrEqual(1);
  expect(idlePolls).toBeLessThanOrEqual(4);

  // A change: the next idle poll applies it and the account is active again.
  const created = await h.emulator.admin<{ id: string }>('POST', `/accounts/${account.externalId}/charges`, {
    description: 'after a quiet spell',
  });
  await waitFor(async () => (await h.destination.knex('stripe_charges').where({ id: created.id }).first()) !== undefined, {
    description: 'the new charge in the destination',
    timeoutMs: IDLE_MS + 10_000,
  });
  await waitFor(async () => (await schedulerEvery(account.id)) === NORMAL_MS, {
    description: 'the poll back at the normal interval',
    timeoutMs: 5_000,
  });
});
