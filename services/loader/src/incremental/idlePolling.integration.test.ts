import { Queue } from 'bullmq';
import { TABLES } from '@datasync/db';
import { silentLogger } from '@datasync/logger';
import { createTestRedis, waitFor } from '@datasync/testing';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { withAccountWriteLock } from './accountWriteLock';
import { pollAccount } from './pollAccount';
import { unschedulePoll } from './pollSchedule';

// Polling idle accounts, through the real workers and the emulator: an account no poll found a
// change in for the active period is polled at the idle interval (its scheduler replaced, the
// provider asked less often), and the first change found brings it back to the normal interval. A
// poll with nothing to do never takes the account's write lock (quietPoll). The look-back is off
// here (its own settling is unit-tested), so an account whose change was applied is quiet again.

const NORMAL_MS = 400;
const IDLE_MS = 2_500;
const ACTIVE_FOR_MS = 1_500;

let h: LoaderHarness;
let incremental: Queue;
const redis = createTestRedis();

beforeAll(async () => {
  h = await startHarness({
    settings: { pollIntervalMs: NORMAL_MS, pollIdleIntervalMs: IDLE_MS, pollActiveForMs: ACTIVE_FOR_MS, eventLookbackS: 0 },
  });
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

it('polls an account with nothing to do without its write lock, and one with a change under it', async () => {
  const account = await h.addAccount({ charges: 3 });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await schedulerEvery(account.id)) !== undefined, { description: 'the account loaded', timeoutMs: 20_000 });
  // The test polls by itself from here.
  await unschedulePoll(h.deps, account.id);
  const polledAt = async () =>
    ((await h.knex(TABLES.eventCursors).where({ account_id: account.id }).first('polled_at')) as { polled_at: Date | null }).polled_at;
  const charges = () => h.destination.knex('stripe_charges').where({ account_id: account.identifier }).count({ n: '*' });

  // While another poll holds the lock, a quiet account is still polled: the quiet way took no lock.
  // (A poll its scheduler started may still hold the lock: until then this one is busy.)
  await waitFor(async () => (await pollAccount(h.deps, account.id, silentLogger())).kind === 'polled', {
    description: 'a poll of its own',
    timeoutMs: 10_000,
  });
  let created: { id: string } | undefined;
  await withAccountWriteLock(h.knex, account.id, async () => {
    const before = await polledAt();
    expect(await pollAccount(h.deps, account.id, silentLogger())).toMatchObject({ kind: 'polled', events: 0 });
    expect((await polledAt())!.getTime()).toBeGreaterThan(before!.getTime());

    // With an event to apply, the poll needs the lock: busy, nothing written.
    created = await h.emulator.admin<{ id: string }>('POST', `/accounts/${account.externalId}/charges`, { description: 'needs the lock' });
    expect(await pollAccount(h.deps, account.id, silentLogger())).toEqual({ kind: 'skipped', why: 'busy' });
  });
  expect(await charges()).toEqual([{ n: '3' }]);
  const applied = await pollAccount(h.deps, account.id, silentLogger());
  expect(applied.kind === 'polled' && applied.events).toBeGreaterThan(0);
  expect(await h.destination.knex('stripe_charges').where({ id: created!.id }).first()).toBeDefined();
  // Applied, and quiet again.
  await withAccountWriteLock(h.knex, account.id, async () => {
    expect(await pollAccount(h.deps, account.id, silentLogger())).toMatchObject({ kind: 'polled', events: 0 });
  });
});
