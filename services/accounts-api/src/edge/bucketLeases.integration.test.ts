import type { Redis } from 'ioredis';
import { createTestRedis, randomQueuePrefix } from '@datasync/testing';
import { BucketLeases, type Take } from './bucketLeases';

// Two BucketLeases on two connections to the real Redis stand for two API processes.

let redisA: Redis;
let redisB: Redis;

beforeAll(() => {
  redisA = createTestRedis();
  redisB = createTestRedis();
});

afterAll(async () => {
  await Promise.all([redisA.quit(), redisB.quit()]);
});

const granted = (takes: Take[]) => takes.filter((t) => t.ok).length;
const burstOf = (leases: BucketLeases, key: string, n: number) => Promise.all(Array.from({ length: n }, () => leases.take(key)));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// So slow a refill that no token comes back within a test, however slow the machine.
const NO_REFILL = 0.001;

describe('BucketLeases', () => {
  it('grants a full bucket at once to one process, then refuses with the time to the next token', async () => {
    const leases = new BucketLeases(redisA, { perSecond: 2, burst: 37, maxLease: 8 });
    const key = `${randomQueuePrefix()}:one`;
    const takes = await burstOf(leases, key, 60);
    // 37 in the bucket; the refill (2 a second) may add one while the burst is served.
    expect(granted(takes)).toBeGreaterThanOrEqual(37);
    expect(granted(takes)).toBeLessThanOrEqual(38);
    const refused = takes.find((t) => !t.ok);
    expect(refused && !refused.ok && refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused && !refused.ok && refused.retryAfterMs).toBeLessThanOrEqual(500);
  });

  it('refills at its rate: after a wait, about rate × wait more, never past the bucket', async () => {
    const leases = new BucketLeases(redisA, { perSecond: 20, burst: 10, maxLease: 4 });
    const key = `${randomQueuePrefix()}:refill`;
    expect(granted(await burstOf(leases, key, 30))).toBeLessThanOrEqual(11);
    const emptiedAt = Date.now();
    await sleep(300);
    const after = granted(await burstOf(leases, key, 30));
    const waitedS = (Date.now() - emptiedAt) / 1000;
    // 20 a second for about 0.3 s (leases of this process lapsed meanwhile: nothing held back).
    expect(after).toBeGreaterThanOrEqual(5);
    expect(after).toBeLessThanOrEqual(Math.min(10, Math.ceil(20 * waitedS) + 1));
    // A long quiet spell fills the bucket, and no further.
    await sleep(700);
    expect(granted(await burstOf(leases, key, 30))).toBeLessThanOrEqual(11);
  });

  it('never lets two processes together past the bucket, and refuses early by at most the other one’s unspent lease', async () => {
    const burst = 50;
    const maxLease = 5;
    const a = new BucketLeases(redisA, { perSecond: NO_REFILL, burst, maxLease });
    const b = new BucketLeases(redisB, { perSecond: NO_REFILL, burst, maxLease });
    const key = `${randomQueuePrefix()}:shared`;
    const takes: Take[] = [];
    for (let round = 0; round < 8; round += 1) takes.push(...(await Promise.all([burstOf(a, key, 7), burstOf(b, key, 6)])).flat());
    const total = granted(takes);
    expect(total).toBeLessThanOrEqual(burst);
    expect(total).toBeGreaterThanOrEqual(burst - (maxLease - 1));
    // Both are refused from now on, each asking Redis at most once more.
    const calls = jest.spyOn(redisB as unknown as { leaseBucketTokens: () => unknown }, 'leaseBucketTokens');
    expect((await a.take(key)).ok).toBe(false);
    expect(granted(await burstOf(b, key, 5))).toBe(0);
    expect(calls.mock.calls.length).toBeLessThanOrEqual(1);
    calls.mockRestore();
  });

  it('takes a busy key’s tokens in growing leases: far fewer round trips than tokens', async () => {
    const leases = new BucketLeases(redisA, { perSecond: NO_REFILL, burst: 10_000, maxLease: 100 });
    const calls = jest.spyOn(redisA as unknown as { leaseBucketTokens: () => unknown }, 'leaseBucketTokens');
    const key = `${randomQueuePrefix()}:busy`;
    for (let i = 0; i < 20; i += 1) expect(granted(await burstOf(leases, key, 50))).toBe(50);
    // 1,000 tokens: 1 + 2 + 4 + … + 64 (127 tokens in 7 leases), then leases of 100.
    expect(calls.mock.calls.length).toBeLessThanOrEqual(7 + 9);
    calls.mockRestore();
  });

  it('lets tokens leased and not spent lapse, so a process holds no share of the bucket for long', async () => {
    const a = new BucketLeases(redisA, { perSecond: NO_REFILL, burst: 8, maxLease: 8, leaseMs: 200 });
    const b = new BucketLeases(redisB, { perSecond: NO_REFILL, burst: 8, maxLease: 8, leaseMs: 200 });
    const key = `${randomQueuePrefix()}:lapse`;
    // a leases 1, then 2, then 4 and spends 5 of the 7: 1 bucket token left, 2 unspent in a.
    expect(granted(await burstOf(a, key, 1))).toBe(1);
    expect(granted(await burstOf(a, key, 2))).toBe(2);
    expect(granted(await burstOf(a, key, 2))).toBe(2);
    expect(granted(await burstOf(b, key, 3))).toBe(1);
    await sleep(250);
    // a's 2 unspent tokens lapsed; it asks Redis, which has none left either.
    expect(granted(await burstOf(a, key, 3))).toBe(0);
  });

  it('keeps a quiet key only until its bucket would be full again', async () => {
    const leases = new BucketLeases(redisA, { perSecond: 50, burst: 5, maxLease: 1 });
    const key = `${randomQueuePrefix()}:expiry`;
    await burstOf(leases, key, 5);
    expect(await redisA.pttl(key)).toBeGreaterThan(0);
    expect(await redisA.pttl(key)).toBeLessThanOrEqual(101);
    await sleep(250);
    expect(await redisA.exists(key)).toBe(0);
  });

  it('rejects while Redis does not answer, and every waiting take with it', async () => {
    const down = createTestRedis();
    await down.quit();
    const leases = new BucketLeases(down, { perSecond: 10, burst: 10, maxLease: 5 });
    const takes = await Promise.allSettled([leases.take('k'), leases.take('k')]);
    expect(takes.map((t) => t.status)).toEqual(['rejected', 'rejected']);
  });
});
