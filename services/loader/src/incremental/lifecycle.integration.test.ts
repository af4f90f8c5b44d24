import { Queue } from 'bullmq';
import { TABLES } from '@datasync/db';
import { silentLogger } from '@datasync/logger';
import { createTestRedis, waitFor } from '@datasync/testing';
import { reconcile } from '../reconcile/reconcile.service';
import { computeFleetStats } from '../metrics/fleetStats.repository';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { mountCollection } from '../testing/fixtures';
import { providerObjects } from '../testing/providerData';

// The account lifecycle jobs through the real workers: pause stops loading at a page
// boundary and removes the poll scheduler, resume continues from the saved cursors, the purge
// removes every row of the account from every table and then the account, and the reconciler puts
// back a scheduler that went missing.

let h: LoaderHarness;
let incremental: Queue;
const redis = createTestRedis();

beforeAll(async () => {
  h = await startHarness();
  h.startWorkers();
  incremental = new Queue('incremental', { connection: redis, prefix: h.prefix });
});

afterAll(async () => {
  await incremental?.close();
  await h?.stop();
  redis.disconnect();
});

const status = async (accountId: string) =>
  (await h.knex(TABLES.accountStates).where({ account_id: accountId }).first('status', 'rows_loaded')) as
    { status: string; rows_loaded: string } | undefined;

const hasScheduler = async (accountId: string) => (await incremental.getJobScheduler(`poll-${accountId}`)) !== undefined;

/** The account's rows in a destination table; only those written within `between` when given. */
async function count(table: string, identifier: string, between?: [Date, Date]): Promise<number> {
  const query = h.destination.knex(table).where({ account_id: identifier });
  if (between) query.whereBetween('_synced_at', between);
  const [row] = (await query.count({ n: '*' })) as [{ n: string }];
  return Number(row.n);
}

it('pause: nothing is written once the running segments stopped; resume: continues from the cursors and ends exact', async () => {
  const account = await h.addAccount({ charges: 4_000 });
  await h.emulator.admin('POST', `/accounts/${account.externalId}/faults`, { latency_ms: 20 });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => Number((await status(account.id))?.rows_loaded ?? 0) >= 300, { description: 'some rows', timeoutMs: 30_000 });
  await h.deps.producer.schedule('account.poll', { accountId: account.id }, { everyMs: 60_000 });

  // What libs/accounts does on PUT {active: false}: the row, then the job.
  await h.knex(TABLES.accounts).where({ id: account.id }).update({ active: false });
  await h.deps.producer.enqueue('account.pause', { accountId: account.id });
  await waitFor(async () => !(await hasScheduler(account.id)), { description: 'the poll scheduler to go', timeoutMs: 10_000 });
  await waitFor(
    async () =>
      Number((await h.knex(TABLES.segments).where({ account_id: account.id }).whereNotNull('lease_token').count({ n: '*' }))[0]?.n) === 0,
    { description: 'running segments to stop', timeoutMs: 30_000 },
  );
  const settled = new Date();
  const atPause = await count('stripe_charges', account.identifier);
  expect(atPause).toBeLessThan(4_000);
  // A reconciler pass would dispatch pending segments of an active account: this one must not.
  await reconcile(h.deps, silentLogger(), { graceMs: 0 });
  await reconcile(h.deps, silentLogger(), { graceMs: 0 });
  expect(await hasScheduler(account.id)).toBe(false);

  await h.knex(TABLES.accounts).where({ id: account.id }).update({ active: true });
  const resumed = new Date();
  await h.deps.producer.enqueue('account.resume', { accountId: account.id });
  await h.emulator.admin('POST', `/accounts/${account.externalId}/faults`, { latency_ms: null });
  await waitFor(async () => (await status(account.id))?.status === 'live', { description: 'the account to be live', timeoutMs: 60_000 });
  expect(await hasScheduler(account.id)).toBe(true);

  // Not one row was written between the pause settling and the resume.
  expect(await count('stripe_charges', account.identifier, [settled, resumed])).toBe(0);
  const provider = await providerObjects(h.emulator.baseUrl, account.key);
  const loaded = (await h.destination.knex('stripe_charges').where({ account_id: account.identifier }).pluck('id')) as string[];
  expect(loaded.sort()).toEqual([...provider.keys()].sort());
  // Resumed, not restarted: the one run, and no page past a cursor was read twice over.
  expect(await h.knex(TABLES.runs).where({ account_id: account.id })).toHaveLength(1);
});

it('purge: every row of the account leaves every table (unmounted ones too), other accounts keep theirs, then the account goes', async () => {
  const customers = await mountCollection(h.knex, { environmentId: h.environmentId, syncId: h.target.syncId, resource: 'customers' });
  const doomed = await h.addAccount({ charges: 1_200, customers: 300 });
  const kept = await h.addAccount({ charges: 500, customers: 100 });
  for (const a of [doomed, kept]) await h.deps.producer.enqueue('account.attach', { accountId: a.id });
  for (const a of [doomed, kept]) {
    await waitFor(async () => (await status(a.id))?.status === 'live', { description: 'both accounts live', timeoutMs: 60_000 });
  }
  await h.deps.producer.schedule('account.poll', { accountId: doomed.id }, { everyMs: 60_000 });
  expect(await count('stripe_customers', doomed.identifier)).toBe(300);
  // Unmounting keeps the table and the account's rows in it: the purge still empties them.
  await h.knex(TABLES.collections).where({ id: customers }).update({ unmounted_at: h.knex.fn.now() });

  await h.knex(TABLES.accounts).where({ id: doomed.id }).update({ deleting_at: h.knex.fn.now() });
  await h.deps.producer.enqueue('account.purge', { accountId: doomed.id });
  await waitFor(async () => (await h.knex(TABLES.accounts).where({ id: doomed.id }).first()) === undefined, {
    description: 'the account to be removed',
    timeoutMs: 30_000,
  });
  expect(await count('stripe_charges', doomed.identifier)).toBe(0);
  expect(await count('stripe_customers', doomed.identifier)).toBe(0);
  expect(await count('stripe_charges', kept.identifier)).toBe(500);
  expect(await count('stripe_customers', kept.identifier)).toBe(100);
  expect(await hasScheduler(doomed.id)).toBe(false);
  const audit = await h
    .knex(TABLES.auditLog)
    .where({ environment_id: h.environmentId, action: 'account.deleted', target: `stripe/${doomed.identifier}` })
    .first();
  expect(audit).toMatchObject({ actor: 'loader', details: { external_id: doomed.externalId } });
});

it('the reconciler restores a missing poll scheduler, removes one of an inactive account, and restarts a lost purge', async () => {
  const active = await h.addAccount({ charges: 50 });
  const paused = await h.addAccount({ charges: 50 });
  const deleting = await h.addAccount({ charges: 50 });
  for (const a of [active, paused, deleting]) await h.deps.producer.enqueue('account.attach', { accountId: a.id });
  for (const a of [active, paused, deleting]) {
    await waitFor(async () => (await status(a.id))?.status === 'live', { description: 'accounts live', timeoutMs: 30_000 });
  }
  // The attach scheduled every account's poll; one scheduler is lost (as with a Redis that lost
  // its data), and one account is paused without its pause job.
  await waitFor(async () => (await hasScheduler(active.id)) && hasScheduler(paused.id), { description: 'the attach to schedule polls' });
  await h.deps.producer.unschedule('account.poll', { accountId: active.id });
  await h.knex(TABLES.accounts).where({ id: paused.id }).update({ active: false });
  // A delete whose enqueue was lost: marked, no job.
  await h
    .knex(TABLES.accounts)
    .where({ id: deleting.id })
    .update({ deleting_at: h.knex.raw("now() - interval '1 minute'") });

  const report = await reconcile(h.deps, silentLogger(), { graceMs: 0 });
  expect(report.schedulersAdded).toBeGreaterThanOrEqual(1);
  expect(report.schedulersRemoved).toBeGreaterThanOrEqual(1);
  expect(report.purgesRestarted).toBeGreaterThanOrEqual(1);
  expect(await hasScheduler(active.id)).toBe(true);
  expect(await hasScheduler(paused.id)).toBe(false);
  await waitFor(async () => (await h.knex(TABLES.accounts).where({ id: deleting.id }).first()) === undefined, {
    description: 'the lost purge to run',
    timeoutMs: 30_000,
  });
  expect(await count('stripe_charges', deleting.identifier)).toBe(0);

  // The scheduler polls: the account's table gets a cursor with a poll time, and the account a lag.
  await waitFor(async () => (await h.knex(TABLES.eventCursors).where({ account_id: active.id }).first())?.polled_at, {
    description: 'a scheduled poll',
    timeoutMs: 15_000,
  });
  // Every account of the shared test database listed, so this one is among them.
  const { worst } = await computeFleetStats(h.knex, 1_000_000);
  const lag = worst.find((w) => w.account === active.id);
  expect(lag?.lag).toBeGreaterThanOrEqual(0);
  expect(lag?.lag).toBeLessThan(15);
  // A paused account is not behind: it has no lag at all.
  expect(worst.some((w) => w.account === paused.id)).toBe(false);
});
