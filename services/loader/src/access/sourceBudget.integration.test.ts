import { TABLES } from '@datasync/db';
import { RateBudget, type BudgetLimits } from '@datasync/providers';
import { createTestRedis, waitFor } from '@datasync/testing';
import type { Redis } from 'ioredis';
import { insertAccount, seedTarget } from '../testing/fixtures';
import { createDestinationDb, startHarness, type DestinationDb, type LoaderHarness } from '../testing/harness';

// The loader spends each source's share of the provider's limits, and a poll for fresh changes is
// served ahead of a backfill on the same account: measured at the emulator, over real HTTP.

const POLL_INTERVAL_MS = 1_000;
// Stripe's test-mode limits, scaled down so a backfill of a few hundred objects outlasts the window.
const LIMITS: BudgetLimits = { livePerSecond: 100, testPerSecond: 20, endpointPerSecond: 20, burstSeconds: 1 };

let h: LoaderHarness;
let redis: Redis;
const destinations: DestinationDb[] = [];

beforeAll(async () => {
  // Pages of 10: many requests for few rows, so the budget, not the destination, sets the pace.
  h = await startHarness({ settings: { pageSize: 10, pollIntervalMs: POLL_INTERVAL_MS } });
  redis = createTestRedis();
  const settings = { ...h.deps.providers.settings, budget: LIMITS };
  h.deps.providers = { ...h.deps.providers, settings, budget: new RateBudget(redis, LIMITS, h.prefix) };
  h.startWorkers();
});

afterAll(async () => {
  await h?.stop();
  await Promise.all(destinations.map((d) => d.drop()));
  await redis?.quit();
});

/** A source with its own sync and destination, at the given share. */
async function sourceWithShare(percent: number, resources = ['charges']) {
  const destination = await createDestinationDb();
  destinations.push(destination);
  const app = await h.emulator.createAccount({ objects: { charges: 0 } });
  const target = await seedTarget(h.knex, h.secretBox, {
    environmentId: h.environmentId,
    connectionString: destination.connectionString,
    sourceKey: app.secret_key,
    resources,
  });
  await h.knex(TABLES.sources).where({ id: target.sourceId }).update({ rate_budget_percent: percent });
  return { target, destination };
}

async function attachedAccount(sourceId: string, objects: Record<string, number>) {
  const provider = await h.emulator.createAccount({ objects });
  const account = await insertAccount(h.knex, h.secretBox, {
    environmentId: h.environmentId,
    sourceId,
    key: provider.secret_key,
    externalId: provider.id,
  });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  return { ...account, externalId: provider.id };
}

/** Requests per second the emulator served the account over `windowMs`, once the full bucket it starts with is spent. */
async function measuredRate(externalId: string, burst: number, windowMs: number): Promise<number> {
  await waitFor(async () => (await h.emulator.requestsServed(externalId)) > burst + 2, {
    description: 'the backfill past its burst',
    timeoutMs: 30_000,
    intervalMs: 50,
  });
  const before = await h.emulator.requestsServed(externalId);
  const startedAt = Date.now();
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  const served = (await h.emulator.requestsServed(externalId)) - before;
  return (served * 1000) / (Date.now() - startedAt);
}

const runStatus = async (accountId: string, table: string) =>
  ((await h.knex(TABLES.runs).where({ account_id: accountId, table_name: table }).first('status')) as { status: string } | undefined)
    ?.status;

it("paces each source's backfill at its own share of the provider's limit", async () => {
  const slow = await sourceWithShare(10);
  const fast = await sourceWithShare(40);
  // 10 % of 20/s = 2/s; 40 % = 8/s. Measured one after the other, so neither waits for worker slots the other holds.
  const slowAccount = await attachedAccount(slow.target.sourceId, { charges: 300 });
  const slowRate = await measuredRate(slowAccount.externalId, 2, 4_000);
  expect(await runStatus(slowAccount.id, 'stripe_charges')).toBe('running');
  const fastAccount = await attachedAccount(fast.target.sourceId, { charges: 900 });
  const fastRate = await measuredRate(fastAccount.externalId, 8, 4_000);
  expect(await runStatus(fastAccount.id, 'stripe_charges')).toBe('running');

  expect(slowRate).toBeLessThanOrEqual(2 * 1.15 + 0.25);
  expect(slowRate).toBeGreaterThanOrEqual(2 * 0.6);
  expect(fastRate).toBeLessThanOrEqual(8 * 1.15 + 0.25);
  expect(fastRate).toBeGreaterThanOrEqual(8 * 0.6);
});

it('lands a change within the poll interval plus 5 s while a large backfill of the same account runs at its share', async () => {
  const { target, destination } = await sourceWithShare(5, ['charges', 'customers']);
  // 5 % of 20/s = one page of 10 per second: the backfill of 4,000 charges outlasts the test by far.
  const account = await attachedAccount(target.sourceId, { charges: 4_000, customers: 3 });
  await waitFor(async () => (await runStatus(account.id, 'stripe_customers')) === 'completed', {
    description: 'the customers run to complete',
    timeoutMs: 30_000,
  });
  await waitFor(
    async () => (await h.knex(TABLES.eventCursors).where({ account_id: account.id, table_name: 'stripe_customers' })).length === 1,
    {
      description: 'the first poll of stripe_customers',
      timeoutMs: 15_000,
    },
  );

  const path = `/accounts/${account.externalId}/customers`;
  for (const n of [1, 2, 3]) {
    expect(await runStatus(account.id, 'stripe_charges')).toBe('running');
    const changedAt = Date.now();
    const created = await h.emulator.admin<{ id: string }>('POST', path, { description: `fresh ${n}` });
    await waitFor(
      async () =>
        ((await destination.knex('stripe_customers').where({ account_id: account.identifier, id: created.id }).first('id')) as unknown) !==
        undefined,
      { description: `customer ${n} in the destination`, timeoutMs: POLL_INTERVAL_MS + 5_000, intervalMs: 50 },
    );
    expect(Date.now() - changedAt).toBeLessThanOrEqual(POLL_INTERVAL_MS + 5_000);
  }
  // The backfill was running all along, at its share.
  expect(await runStatus(account.id, 'stripe_charges')).toBe('running');
});
