import type { RetryPolicy } from '../config';

/**
 * Delay before attempt `attempt + 1` (attempt counts from 1): jitter over the upper half of an
 * exponential ceiling, so many workers failing together do not retry together. A Retry-After
 * from the provider is honoured as a minimum, with a little jitter on top for the same reason.
 */
export function backoffDelayMs(
  policy: RetryPolicy,
  attempt: number,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== null) {
    return retryAfterMs + Math.round(random() * Math.min(policy.baseDelayMs, Math.max(50, retryAfterMs / 10)));
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Retry-After as seconds or an HTTP date, in ms from `now`; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | null {
  if (value === undefined || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
