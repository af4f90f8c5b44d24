/** How long the launcher waits before starting a child that died again. */
export interface RestartBackoff {
  /** The first wait, and the wait again once the child had run healthily. */
  initialMs: number;
  /** Each crash soon after a restart multiplies the wait by this. */
  factor: number;
  maxMs: number;
  /** A child that ran this long before dying counts as having been healthy: its wait starts over. */
  healthyAfterMs: number;
}

export const DEFAULT_RESTART_BACKOFF: RestartBackoff = {
  initialMs: 500,
  factor: 2,
  maxMs: 30_000,
  healthyAfterMs: 60_000,
};

/**
 * The wait before the next start. A child that crashes right after each start (a port taken,
 * a store it needs still down) gets ever longer waits instead of a tight loop; one that crashes
 * once after running for a while comes back at once.
 */
export function nextRestartDelay(policy: RestartBackoff, previousDelayMs: number | undefined, ranForMs: number): number {
  if (previousDelayMs === undefined || ranForMs >= policy.healthyAfterMs) return policy.initialMs;
  return Math.min(policy.maxMs, previousDelayMs * policy.factor);
}

/** `0.5 s`, `4 s`, `30 s`: for the log line announcing a restart. */
export function formatDelay(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
