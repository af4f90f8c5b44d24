import { createTestRedis, randomQueuePrefix } from '@datasync/testing';
import type { Redis } from 'ioredis';
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

const key = (sharePercent?: number, endpoint = '/v1/charges'): BudgetKey => ({
  provider: 'stripe',
  accountId: 'acct_priority',
  livemode: false,
  endpoint,
  ...(sharePercent !== undefined ? { sharePercent } : {}),
});

async function grants(budget: RateBudget, k: BudgetKey, n: number, priority: 'incremental' | 'backfill'): Promise<number> {
  let granted = 0;
  for (let i = 0; i < n; i++) if ((await budget.reserve(k, 0, priority)).granted) granted++;
  return granted;
}

describe('RateBudget shares and priorities', () => {
  it("refills at the source's share of the limits", async () => {
    const budget = new RateBudget(redis, { livePerSecond: 100, testPerSecond: 50, endpointPerSecond: 50, burstSeconds: 1 }, prefix);
    // 20 % of 50/s: a bucket of 10
    expect(await grants(budget, key(20), 15, 'incremental')).toBe(10);
    const refused = await budget.reserve(key(20), 0, 'incremental');
    // one token every 100 ms at 10/s (at 50/s it would be 20 ms)
    expect(refused).toEqual({ granted: false, waitMs: expect.any(Number) });
    expect(refused.waitMs).toBeGreaterThan(50);
  });

  it('lets a backfill take only what lies above the reserve, which incremental work then gets at once', async () => {
    const budget = new RateBudget(redis, { livePerSecond: 100, testPerSecond: 10, endpointPerSecond: 10, burstSeconds: 1 }, prefix);
    expect(await grants(budget, key(), 10, 'backfill')).toBe(5);
    const refused = await budget.reserve(key(), 0, 'backfill');
    expect(refused.granted).toBe(false);
    expect(refused.waitMs).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect(await budget.reserve(key(), 0, 'incremental')).toEqual({ granted: true, waitMs: 0 });
    expect((await budget.reserve(key(), 0, 'incremental')).granted).toBe(false);
  });

  it('a backfill waits in the call for a token above the reserve, and refuses past its bound', async () => {
    const budget = new RateBudget(redis, { livePerSecond: 100, testPerSecond: 10, endpointPerSecond: 10, burstSeconds: 1 }, prefix);
    await grants(budget, key(), 5, 'backfill');
    const startedAt = Date.now();
    expect(await budget.reserve(key(), 1000, 'backfill')).toEqual({ granted: true, waitMs: 0 });
    const waited = Date.now() - startedAt;
    expect(waited).toBeGreaterThanOrEqual(60);
    expect(waited).toBeLessThan(400);
    const refused = await budget.reserve(key(), 10, 'backfill');
    expect(refused.granted).toBe(false);
  });

  it('under a saturating backfill, incremental requests get tokens at once and both together keep to the rate', async () => {
    const rate = 20;
    const budget = new RateBudget(redis, { livePerSecond: 100, testPerSecond: rate, endpointPerSecond: rate, burstSeconds: 0.5 }, prefix);
    const windowMs = 2000;
    const deadline = Date.now() + windowMs;
    let backfill = 0;
    const backfillLoop = async (endpoint: string) => {
      for (;;) {
        await budget.acquire(key(undefined, endpoint), 'backfill');
        if (Date.now() >= deadline) return;
        backfill++;
      }
    };
    const loops = [backfillLoop('/v1/charges'), backfillLoop('/v1/charges'), backfillLoop('/v1/customers'), backfillLoop('/v1/invoices')];
    // Let the backfill drain the bucket down to its reserve first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const incremental: number[] = [];
    while (Date.now() < deadline - 200) {
      // a poll's burst: three requests at once, every 200 ms
      const decisions = await Promise.all([0, 1, 2].map(() => budget.reserve(key(undefined, '/v1/events'), 0, 'incremental')));
      for (const d of decisions) incremental.push(d.granted ? d.waitMs : -1);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await Promise.all(loops);
    expect(incremental.length).toBeGreaterThanOrEqual(15);
    expect(incremental.every((waitMs) => waitMs === 0)).toBe(true);
    // the whole window at the rate, plus the full bucket it started with
    expect(backfill + incremental.length).toBeLessThanOrEqual((rate * windowMs) / 1000 + rate * 0.5 + 1);
    // the backfill still had the rest
    expect(backfill).toBeGreaterThanOrEqual((rate * windowMs) / 1000 - incremental.length - 5);
  });
});
