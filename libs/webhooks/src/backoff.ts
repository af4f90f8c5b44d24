/** How a failing delivery is retried (docs/webhook-endpoints.md, "Retries"). */
export interface RetryPolicy {
  /** Wait after the first failed attempt; doubles after each further one. */
  firstDelayMs: number;
  /** The most a wait grows to. */
  maxDelayMs: number;
  /** A delivery still failing this long after its event is given up (status failed). */
  giveUpAfterMs: number;
  /** An endpoint whose every attempt has failed for this long is disabled. */
  disableAfterMs: number;
}

/** 1 min doubling to 1 h, for 3 days: about 80 attempts, the last ones an hour apart. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  firstDelayMs: 60_000,
  maxDelayMs: 3_600_000,
  giveUpAfterMs: 3 * 86_400_000,
  disableAfterMs: 3 * 86_400_000,
};

/** The wait before attempt `attempts + 1`, `attempts` having failed. */
export function retryDelayMs(attempts: number, policy: RetryPolicy): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** exponent);
}
