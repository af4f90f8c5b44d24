import { silentLogger } from '@datasync/logger';
import { RateBudget, backfillRange, createStripeConnector, providerSettings, type RequestReport } from '@datasync/providers';
import { parallelRead } from '@datasync/providers/testing';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RunningEmulator } from './emulatorProcess';
import { createEmulatorAccount } from './httpJson';

export interface BudgetResult {
  objects: number;
  distinct: number;
  requests: number;
  rateLimited: number;
  otherFailures: number;
  seconds: number;
  requestsPerSecond: number;
  budget: number;
  splits: number;
}

/**
 * Run (b): the connector reads every charge of an account the emulator limits to `rate` req/s,
 * with a budget of the same rate, in parallel segments.
 */
export async function runBudgetBench(
  emulator: RunningEmulator,
  redisUrl: string,
  count: number,
  rate: number,
  concurrency: number,
): Promise<BudgetResult> {
  const account = await createEmulatorAccount(emulator.baseUrl, { objects: { charges: count }, rate_limit: rate });
  const redis = new Redis(redisUrl);
  const reports: RequestReport[] = [];
  try {
    const settings = providerSettings({
      PROVIDER_STRIPE_BASE_URL: emulator.baseUrl,
      PROVIDER_RATE_LIVE_PER_SECOND: rate,
      PROVIDER_RATE_TEST_PER_SECOND: rate,
      PROVIDER_RATE_ENDPOINT_PER_SECOND: rate,
      PROVIDER_RATE_BURST_SECONDS: 1,
      PROVIDER_RATE_MAX_WAIT_MS: 5000,
      PROVIDER_RETRY_MAX_ATTEMPTS: 8,
      PROVIDER_RETRY_BASE_MS: 250,
      PROVIDER_RETRY_MAX_MS: 5000,
      PROVIDER_TIMEOUT_MS: 30000,
    });
    const budget = new RateBudget(redis, settings.budget, `bench-${randomBytes(4).toString('hex')}`);
    const connector = createStripeConnector({ settings, budget, logger: silentLogger(), observer: (r) => reports.push(r) });
    const credential = { kind: 'secret_key' as const, key: account.secret_key };
    const verified = await connector.verify(credential);
    const reader = connector.reader(credential, verified);
    const ids = new Set<string>();
    const started = performance.now();
    const result = await parallelRead(reader, 'charges', {
      range: backfillRange(verified.created),
      concurrency,
      onPage: (page) => page.objects.forEach((o) => ids.add(o.id)),
    });
    const seconds = (performance.now() - started) / 1000;
    // verify() is not charged to the budget; only the reads count.
    const reads = reports.filter((r) => r.endpoint === '/v1/charges');
    return {
      objects: result.objects,
      distinct: ids.size,
      requests: reads.length,
      rateLimited: reads.filter((r) => r.outcome === 'rate_limited').length,
      otherFailures: reads.filter((r) => r.outcome !== 'ok' && r.outcome !== 'rate_limited').length,
      seconds,
      requestsPerSecond: reads.length / seconds,
      budget: rate,
      splits: result.splits,
    };
  } finally {
    redis.disconnect();
  }
}
