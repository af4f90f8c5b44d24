import type { BudgetLimits } from '../config';

/**
 * The share of a provider account's documented rate limit a source may spend, in percent.
 * Bounded above because the quota belongs to the integrator's customer: their own integration
 * (checkout, webhooks, dashboards) keeps at least a fifth of it, so a backfill at full pace never
 * makes their requests answer 429. Bounded below because a share under 5 % (1.25 req/s in test
 * mode) would stretch a backfill over days and starve the incremental poll's bursts.
 */
export const RATE_BUDGET_PERCENT = { min: 5, max: 80, default: 50 } as const;

/**
 * Which lane a request spends from. Incremental work (polls, verification) takes tokens ahead of
 * backfill pages, so a large backfill never delays fresh changes.
 */
export type RequestPriority = 'incremental' | 'backfill';

/**
 * Tokens of a bucket a backfill request must leave behind for incremental work: half the bucket,
 * and never so much that a backfill could not take the bucket's last whole token.
 */
export function incrementalReserve(capacity: number): number {
  return Math.max(0, Math.min(capacity / 2, capacity - 1));
}

/**
 * Requests per second a source's reads of one account may send: its share of the account's
 * limit, and never more than its share of one endpoint's (a backfill reads one endpoint).
 */
export function budgetPerSecond(limits: BudgetLimits, livemode: boolean, sharePercent = 100): number {
  const share = sharePercent / 100;
  return Math.min(share * (livemode ? limits.livePerSecond : limits.testPerSecond), share * limits.endpointPerSecond);
}
