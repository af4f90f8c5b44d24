import path from 'node:path';
import { createTestRedis, randomQueuePrefix, startEmulator, testRedisUrl, type TestEmulator } from '@datasync/testing';
import type { Redis } from 'ioredis';
import { RateBudget } from '../budget/rateBudget';
import type { RequestReport } from '../connector';
import { ProviderError, ProviderRateLimitedError, ProviderRetriesExhaustedError, ProviderUnreachableError } from '../errors';
import { collectPages, idsOf } from '../testing/collect';
import { readAllCharges, type ReadAllResult } from '../testing/readAllCharges';
import { testSettings } from '../testing/settings';
import { runTsForJson } from '../testing/spawnTs';
import { createStripeConnector } from './stripeConnector';

interface Stats {
  requests: number;
  rate_limited: number;
  injected_errors: number;
  resets: number;
}

let emulator: TestEmulator;
let redis: Redis;

beforeAll(async () => {
  emulator = await startEmulator();
  redis = createTestRedis();
});
afterAll(async () => {
  await Promise.all([emulator.stop(), redis.quit()]);
});

/** An account whose faults start after verification, so that only the reads meet them. */
async function setup(objects: Record<string, number>, faults: Record<string, number> = {}, settings = testSettings('')) {
  const account = await emulator.createAccount({ objects });
  const reports: RequestReport[] = [];
  const budget = new RateBudget(redis, settings.budget, randomQueuePrefix());
  const connector = createStripeConnector({
    settings: { ...settings, stripeBaseUrl: emulator.baseUrl },
    budget,
    observer: (r) => reports.push(r),
  });
  const credential = { kind: 'secret_key' as const, key: account.secret_key };
  const verified = await connector.verify(credential);
  const stats = () => emulator.admin<Stats>('GET', `/accounts/${account.id}/stats`);
  await emulator.admin('POST', `/accounts/${account.id}/faults`, faults);
  await emulator.admin('DELETE', `/accounts/${account.id}/stats`);
  return { account, connector, credential, verified, reports, stats };
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(err)}`);
  return err;
}

describe('transient failures', () => {
  it('are retried through injected 500s and connection resets without losing a page', async () => {
    const settings = testSettings('', { retry: { maxAttempts: 10, baseDelayMs: 10, maxDelayMs: 50 } });
    const faults = { error_rate: 0.2, reset_rate: 0.1 };
    const { connector, credential, verified, stats } = await setup({ charges: 300 }, faults, settings);
    const ids = idsOf(await collectPages(connector.reader(credential, verified).listPages('charges', { limit: 10 })));
    expect(ids).toHaveLength(300);
    expect(new Set(ids).size).toBe(300);
    const served = await stats();
    expect(served.injected_errors).toBeGreaterThan(0);
    expect(served.resets).toBeGreaterThan(0);
  });

  it('end in a typed error after the last attempt', async () => {
    const failing = await setup({ charges: 5 }, { error_rate: 1 });
    const err = await failure(failing.connector.reader(failing.credential, failing.verified).fetchPage('charges', {}));
    expect(err).toBeInstanceOf(ProviderRetriesExhaustedError);
    expect(err).toMatchObject({ attempts: 4, permanent: false });
    expect((await failing.stats()).requests).toBe(4);

    // The SDK itself retries a closed connection once, after ~0.5 s; two attempts are enough here.
    const twoAttempts = testSettings('', { retry: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 50 } });
    const resetting = await setup({ charges: 5 }, { reset_rate: 1 }, twoAttempts);
    const reset = await failure(resetting.connector.reader(resetting.credential, resetting.verified).fetchPage('charges', {}));
    expect(reset).toBeInstanceOf(ProviderUnreachableError);
  });
});

describe('rate limits', () => {
  it("wait out a 429 for at least the provider's Retry-After", async () => {
    const { connector, credential, verified, reports } = await setup({ charges: 40 }, { rate_limit: 2 });
    const started = Date.now();
    const ids = idsOf(await collectPages(connector.reader(credential, verified).listPages('charges', { limit: 10 })));
    expect(ids).toHaveLength(40);
    const limited = reports.filter((r) => r.outcome === 'rate_limited').length;
    expect(limited).toBeGreaterThan(0);
    // Retry-After is at least 1 s per 429
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000 * limited);
  });

  it('hand a 429 to a caller that delays its job itself', async () => {
    const { connector, credential, verified } = await setup({ charges: 40 }, { rate_limit: 1 });
    const reader = connector.reader(credential, verified, { rateLimit: 'throw' });
    await reader.fetchPage('charges', { limit: 10 });
    const err = await failure(reader.fetchPage('charges', { limit: 10 }));
    expect(err).toBeInstanceOf(ProviderRateLimitedError);
    expect(err).toMatchObject({ origin: 'provider' });
    expect((err as ProviderRateLimitedError).retryAfterMs).toBeGreaterThanOrEqual(1000);
  });

  it('hand a spent budget to such a caller without sending the request', async () => {
    const settings = testSettings('', {
      budget: { livePerSecond: 1, testPerSecond: 1, endpointPerSecond: 1, burstSeconds: 1 },
      maxWaitMs: 0,
    });
    const { connector, credential, verified, stats } = await setup({ charges: 40 }, {}, settings);
    const reader = connector.reader(credential, verified, { rateLimit: 'throw' });
    await reader.fetchPage('charges', { limit: 10 });
    const err = await failure(reader.fetchPage('charges', { limit: 10 }));
    expect(err).toMatchObject({ origin: 'budget' });
    expect((err as ProviderRateLimitedError).retryAfterMs).toBeGreaterThan(0);
    expect((await stats()).requests).toBe(1);
  });

  // Two worker processes read the same account; the provider allows 20 req/s, and each process
  // alone would send 20 req/s. Only the shared budget keeps the provider from refusing half.
  it('hold across two processes sharing the budget in Redis', async () => {
    const settings = testSettings('', {
      budget: { livePerSecond: 20, testPerSecond: 20, endpointPerSecond: 20, burstSeconds: 1 },
    });
    const { account, stats } = await setup({ charges: 1200 }, { rate_limit: 20 }, settings);
    const prefix = randomQueuePrefix();
    const startAt = Date.now() + 2000; // the child process needs a moment to start
    const ownSettings = { ...settings, stripeBaseUrl: emulator.baseUrl };
    const child = runTsForJson<ReadAllResult>(path.join(__dirname, '../testing/readerChild.ts'), [
      testRedisUrl(),
      prefix,
      account.secret_key,
      JSON.stringify(ownSettings),
      String(startAt),
    ]);
    const mine = readAllCharges(ownSettings, new RateBudget(redis, settings.budget, prefix), account.secret_key, startAt);
    const results = await Promise.all([mine, child]);
    for (const result of results) {
      expect(new Set(result.ids).size).toBe(1200);
      expect(result.ids).toHaveLength(1200);
    }
    const served = await stats();
    // 2 × 60 pages, plus each process's verify call
    expect(served.requests - served.rate_limited).toBe(122);
    expect(served.rate_limited).toBeLessThanOrEqual(1);
  });
});
