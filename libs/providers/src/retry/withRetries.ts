import type { Logger } from '@datasync/logger';
import type { RetryPolicy } from '../config';
import type { RateLimitMode, RequestObserver } from '../connector';
import { ProviderError, ProviderRateLimitedError, ProviderRetriesExhaustedError, ProviderUnreachableError } from '../errors';
import { backoffDelayMs } from './backoff';

/** How one failed attempt should be handled. */
export type Failure =
  | { retry: false; error: ProviderError }
  | { retry: true; reason: 'rate_limited' | 'server_error' | 'network'; retryAfterMs: number | null; error: unknown };

export interface RetryContext {
  policy: RetryPolicy;
  rateLimit: RateLimitMode;
  /** Called before every attempt, retries included: each one spends budget. */
  beforeAttempt?: () => Promise<void>;
  classify: (err: unknown) => Failure;
  logger: Logger;
  /** For logs and the observer only. */
  endpoint: string;
  /** The request lists a page (for the observer). */
  list?: boolean;
  sleep?: (ms: number) => Promise<void>;
  observer?: RequestObserver;
}

/**
 * Runs `send` until it succeeds, a failure is permanent, or attempts run out. In 'throw' mode a
 * provider 429 is not waited out here: the caller gets ProviderRateLimitedError and delays its job.
 */
export async function withRetries<T>(send: () => Promise<T>, ctx: RetryContext): Promise<T> {
  const sleep = ctx.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt++) {
    await ctx.beforeAttempt?.();
    const started = performance.now();
    try {
      const result = await send();
      ctx.observer?.({ endpoint: ctx.endpoint, list: ctx.list ?? false, outcome: 'ok', durationMs: performance.now() - started });
      return result;
    } catch (err) {
      const failure = ctx.classify(err);
      ctx.observer?.({
        endpoint: ctx.endpoint,
        list: ctx.list ?? false,
        outcome: failure.retry ? failure.reason : 'refused',
        durationMs: performance.now() - started,
      });
      if (!failure.retry) throw failure.error;
      const delayMs = backoffDelayMs(ctx.policy, attempt, failure.retryAfterMs);
      if (failure.reason === 'rate_limited' && ctx.rateLimit === 'throw') {
        throw new ProviderRateLimitedError(delayMs, 'provider');
      }
      if (attempt >= ctx.policy.maxAttempts) {
        throw failure.reason === 'network'
          ? new ProviderUnreachableError(attempt, failure.error)
          : new ProviderRetriesExhaustedError(attempt, failure.error);
      }
      ctx.logger.warn('provider request failed, retrying', {
        endpoint: ctx.endpoint,
        reason: failure.reason,
        attempt,
        delayMs,
      });
      await sleep(delayMs);
    }
  }
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
