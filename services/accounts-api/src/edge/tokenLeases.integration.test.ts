import type { Redis } from 'ioredis';
import { createTestRedis, randomQueuePrefix } from '@datasync/testing';
import { TokenLeases, type Take } from './tokenLeases';

// Two TokenLeases on two connections to the real Redis stand for two API processes.

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

// A window far longer than the test, so every take falls in the same one however slow the machine.
const LONG_WINDOW_MS = 30_000;

describe('TokenLeases', () => {
  it('grants exactly the limit in a window to one process, then refuses with the time left', async () => {
    const leases = new TokenLeases(redisA, { windowMs: LONG_WINDOW_MS, limit: 37, maxLease: 8 });
    const key = `${randomQueuePrefix()}:one`;
    const takes = await Promise.all(Array.from({ length: 60 }, () => leases.take(key)));
    expect(granted(takes)).toBe(37);
    const refused = takes.find((t) => !t.ok);
    expect(refused && !refused.ok && refused.retryAfterMs).toBeGreaterThan(LONG_WINDOW_MS - 10_000);
    expect(refused && !refused.ok && refused.retryAfterMs).toBeLessThanOrEqual(LONG_WINDOW_MS);
    // What Redis counted is what it granted: never past the limit.
    expect(Number(await redisA.get(key))).toBe(37);
  });

  it('never lets two processes together past the limit, and refuses early by at most the other one’s unspent lease', async () => {
    const limit = 50;
    const maxLease = 5;
    const a = new TokenLeases(redisA, { windowMs: LONG_WINDOW_MS, limit, maxLease });
    const b = new TokenLeases(redisB, { windowMs: LONG_WINDOW_MS, limit, maxLease });
    const key = `${randomQueuePrefix()}:shared`;
    // Interleaved bursts from both, more than the limit in all.
    const takes: Take[] = [];
    for (let round = 0; round < 8; round += 1) {
      takes.push(
        ...(await Promise.all([...Array.from({ length: 7 }, () => a.take(key)), ...Array.from({ length: 6 }, () => b.take(key))])),
      );
    }
    const total = granted(takes);
    expect(total).toBeLessThanOrEqual(limit);
    expect(total).toBeGreaterThanOrEqual(limit - (maxLease - 1));
    expect(Number(await redisA.get(key))).toBeLessThanOrEqual(limit);
    // Both are refused from now on, each without asking Redis again.
    const calls = jest.spyOn(redisB as unknown as { leaseWindowTokens: () => unknown }, 'leaseWindowTokens');
    expect((await a.take(key)).ok).toBe(false);
    const later = await Promise.all(Array.from({ length: 5 }, () => b.take(key)));
    expect(granted(later)).toBe(0);
    expect(calls.mock.calls.length).toBeLessThanOrEqual(1);
    calls.mockRestore();
  });

  it('takes a busy key’s tokens in growing leases: far fewer round trips than tokens', async () => {
    const leases = new TokenLeases(redisA, { windowMs: LONG_WINDOW_MS, limit: 10_000, maxLease: 100 });
    const calls = jest.spyOn(redisA as unknown as { leaseWindowTokens: () => unknown }, 'leaseWindowTokens');
    const key = `${randomQueuePrefix()}:busy`;
    for (let i = 0; i < 20; i += 1) expect(granted(await Promise.all(Array.from({ length: 50 }, () => leases.take(key))))).toBe(50);
    // 1,000 tokens: 1 + 2 + 4 + … + 64 (127 tokens in 7 leases), then leases of 100.
    expect(calls.mock.calls.length).toBeLessThanOrEqual(7 + 9);
    expect(Number(await redisA.get(key))).toBeLessThanOrEqual(1_000 + 100);
    calls.mockRestore();
  });

  it('lets unspent tokens lapse with their window, and grants the next window afresh', async () => {
    const leases = new TokenLeases(redisA, { windowMs: 300, limit: 4, maxLease: 4 });
    const key = `${randomQueuePrefix()}:lapse`;
    expect(granted(await Promise.all(Array.from({ length: 6 }, () => leases.take(key))))).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await redisA.exists(key)).toBe(0);
    expect(granted(await Promise.all(Array.from({ length: 6 }, () => leases.take(key))))).toBe(4);
  });

  it('rejects while Redis does not answer, and every waiting take with it', async () => {
    const down = createTestRedis();
    await down.quit();
    const leases = new TokenLeases(down, { windowMs: 1000, limit: 10, maxLease: 5 });
    const takes = await Promise.allSettled([leases.take('k'), leases.take('k')]);
    expect(takes.map((t) => t.status)).toEqual(['rejected', 'rejected']);
  });
});
