import { silentLogger } from '@datasync/logger';
import type { RequestReport } from '../connector';
import { InvalidCredentialError, ProviderRateLimitedError, ProviderRetriesExhaustedError, ProviderUnreachableError } from '../errors';
import { withRetries, type Failure } from './withRetries';

const policy = { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1000 };

function run(outcomes: (Failure | 'ok')[], rateLimit: 'wait' | 'throw' = 'wait') {
  const slept: number[] = [];
  const reports: RequestReport[] = [];
  let attempt = 0;
  let budgetSpent = 0;
  const promise = withRetries(
    async () => {
      const outcome = outcomes[attempt++];
      if (outcome === 'ok') return 'done';
      throw outcome;
    },
    {
      policy,
      rateLimit,
      classify: (err) => err as Failure,
      beforeAttempt: async () => void budgetSpent++,
      logger: silentLogger(),
      endpoint: '/v1/charges',
      sleep: async (ms) => void slept.push(ms),
      observer: (r) => reports.push(r),
    },
  );
  return { promise, slept, reports, attempts: () => attempt, budget: () => budgetSpent };
}

const serverError: Failure = { retry: true, reason: 'server_error', retryAfterMs: null, error: new Error('503') };
const network: Failure = { retry: true, reason: 'network', retryAfterMs: null, error: new Error('ECONNRESET') };
const limited: Failure = { retry: true, reason: 'rate_limited', retryAfterMs: 2000, error: new Error('429') };

describe('withRetries', () => {
  it('retries transient failures, spending budget and reporting every attempt', async () => {
    const r = run([serverError, limited, 'ok']);
    await expect(r.promise).resolves.toBe('done');
    expect(r.budget()).toBe(3);
    expect(r.slept[0]).toBeGreaterThanOrEqual(50);
    expect(r.slept[1]).toBeGreaterThanOrEqual(2000);
    expect(r.reports.map((x) => x.outcome)).toEqual(['server_error', 'rate_limited', 'ok']);
  });

  it('stops at the attempt bound with a typed error', async () => {
    const exhausted = run([serverError, serverError, serverError, 'ok']);
    await expect(exhausted.promise).rejects.toBeInstanceOf(ProviderRetriesExhaustedError);
    expect(exhausted.attempts()).toBe(3);
    const unreachable = run([serverError, network, network]);
    await expect(unreachable.promise).rejects.toBeInstanceOf(ProviderUnreachableError);
  });

  it('does not retry permanent failures', async () => {
    const r = run([{ retry: false, error: new InvalidCredentialError('bad key') }, 'ok']);
    await expect(r.promise).rejects.toBeInstanceOf(InvalidCredentialError);
    expect(r.attempts()).toBe(1);
  });

  it('hands a 429 to a caller that delays its own job', async () => {
    const r = run([limited, 'ok'], 'throw');
    const err = await r.promise.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderRateLimitedError);
    expect((err as ProviderRateLimitedError).retryAfterMs).toBeGreaterThanOrEqual(2000);
    expect(r.attempts()).toBe(1);
  });
});
