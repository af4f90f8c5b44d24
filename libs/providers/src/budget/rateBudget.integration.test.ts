import path from 'node:path';
import { createTestRedis, randomQueuePrefix, testRedisUrl } from '@datasync/testing';
import type { Redis } from 'ioredis';
import { runTsForJson } from '../testing/spawnTs';
import { spendUntil } from '../testing/spendUntil';
import { RateBudget, type BudgetKey } from './rateBudget';

let redis: Redis;
let prefix: string;

beforeAll(() => {
  redis = createTestRedis();
});
beforeEach(() => {
  prefix = randomQueuePrefix();
});
afterAll(async () => {
  await redis.quit();
});

const key = (endpoint = '/v1/charges', accountId = 'acct_budget'): BudgetKey => ({
  provider: 'stripe',
  accountId,
  livemode: false,
  endpoint,
});

describe('RateBudget', () => {
  it('grants a full bucket at once, then refuses without taking and says how long to wait', async () => {
    // One token a second in a bucket of ten: the eleven calls below would have to take a whole
    // second on a loaded machine before a refill could blur the refusal.
    const budget = new RateBudget(redis, { livePerSecond: 100, testPerSecond: 1, endpointPerSecond: 1, burstSeconds: 10 }, prefix);
    for (let i = 0; i < 10; i++) expect(await budget.reserve(key(), 0, 'incremental')).toEqual({ granted: true, waitMs: 0 });
    const refused = await budget.reserve(key(), 0, 'incremental');
    expect(refused.granted).toBe(false);
    expect(refused.waitMs).toBeGreaterThan(0);
    expect(refused.waitMs).toBeLessThanOrEqual(1000);
    // Refusals take nothing: a reservation right after still waits at most one token's time.
    const reserved = await budget.reserve(key(), 5000, 'incremental');
    expect(reserved.granted).toBe(true);
    expect(reserved.waitMs).toBeLessThanOrEqual(1000);
  });

  it('spaces reservations of concurrent callers at the rate', async () => {
    const budget = new RateBudget(redis, { livePerSecond: 100, testPerSecond: 20, endpointPerSecond: 20, burstSeconds: 0.05 }, prefix);
    const decisions = await Promise.all(Array.from({ length: 21 }, () => budget.reserve(key(), 10_000, 'incremental')));
    const waits = decisions.map((d) => d.waitMs).sort((a, b) => a - b);
    expect(decisions.every((d) => d.granted)).toBe(true);
    // one token in the bucket, then one every 50 ms
    expect(waits[0]).toBe(0);
    expect(waits[20]).toBeGreaterThanOrEqual(950);
    expect(waits[20]).toBeLessThanOrEqual(1050);
  });

  it('keeps endpoints apart but charges the account for all of them', async () => {
    const budget = new RateBudget(redis, { livePerSecond: 100, testPerSecond: 4, endpointPerSecond: 2, burstSeconds: 1 }, prefix);
    const grants = async (k: BudgetKey, n: number) => {
      let granted = 0;
      for (let i = 0; i < n; i++) if ((await budget.reserve(k, 0, 'incremental')).granted) granted++;
      return granted;
    };
    expect(await grants(key('/v1/charges'), 5)).toBe(2);
    expect(await grants(key('/v1/customers'), 5)).toBe(2);
    // the account's 4 are spent, although /v1/refunds has its own 2
    expect(await grants(key('/v1/refunds'), 5)).toBe(0);
    // another account is untouched
    expect(await grants(key('/v1/charges', 'acct_other'), 5)).toBe(2);
  });

  it('keeps live and test mode of one account apart, each at its own rate', async () => {
    const budget = new RateBudget(redis, { livePerSecond: 6, testPerSecond: 3, endpointPerSecond: 100, burstSeconds: 1 }, prefix);
    const grants = async (k: BudgetKey, n: number) => {
      let granted = 0;
      for (let i = 0; i < n; i++) if ((await budget.reserve(k, 0, 'incremental')).granted) granted++;
      return granted;
    };
    expect(await grants(key(), 10)).toBe(3);
    // The test-mode bucket is empty; the same account's live mode still has all of its own.
    expect(await grants({ ...key(), livemode: true }, 10)).toBe(6);
    expect(await grants(key(), 10)).toBe(0);
  });

  it('holds across two processes', async () => {
    const limits = { livePerSecond: 100, testPerSecond: 20, endpointPerSecond: 20, burstSeconds: 0.1 };
    const budget = new RateBudget(redis, limits, prefix);
    const startAt = Date.now() + 1500; // the child needs a moment to start
    const deadline = startAt + 2000;
    const child = runTsForJson<{ count: number }>(path.join(__dirname, '../testing/budgetChild.ts'), [
      testRedisUrl(),
      prefix,
      JSON.stringify(key()),
      JSON.stringify(limits),
      String(startAt),
      String(deadline),
    ]);
    const [mine, theirs] = await Promise.all([spendUntil(budget, key(), startAt, deadline), child.then((r) => r.count)]);
    // 2 s at 20/s plus a bucket of 2: one process alone would also get this many
    expect(mine + theirs).toBeLessThanOrEqual(40 + 2 + 1);
    expect(mine + theirs).toBeGreaterThanOrEqual(36);
    expect(Math.min(mine, theirs)).toBeGreaterThanOrEqual(10);
  });
});
