import type { Redis } from 'ioredis';
import type { BudgetLimits } from '../config';
import { tokenBucketScript } from './tokenBucket.lua';

export interface BudgetKey {
  provider: string;
  accountId: string;
  livemode: boolean;
  /** Endpoint path without ids or query (`/v1/charges`). */
  endpoint: string;
}

export type BudgetDecision = { granted: true; waitMs: number } | { granted: false; waitMs: number };

type WithBucketCommand = Redis & {
  takeProviderToken(
    accountKey: string,
    endpointKey: string,
    accountRate: number,
    accountCapacity: number,
    endpointRate: number,
    endpointCapacity: number,
    maxWaitMs: number,
  ): Promise<[number, number]>;
};

/**
 * Request budget per (provider account, mode) and per (account, mode, endpoint), kept in Redis so
 * every process of every service spends from the same buckets. DESIGN §7. Live and test mode are
 * separate buckets because Stripe counts them separately (100 req/s live, 25 test, each with its
 * own per-endpoint limits: https://docs.stripe.com/rate-limits): an account's test-mode backfill
 * must not slow its live-mode reads.
 */
export class RateBudget {
  private readonly redis: WithBucketCommand;

  constructor(
    redis: Redis,
    private readonly limits: BudgetLimits,
    private readonly prefix = 'datasync',
  ) {
    if (!('takeProviderToken' in redis)) {
      redis.defineCommand('takeProviderToken', { numberOfKeys: 2, lua: tokenBucketScript });
    }
    this.redis = redis as WithBucketCommand;
  }

  /**
   * Takes a token when one is free within `maxWaitMs` (the caller must then sleep `waitMs`
   * before sending: the token is reserved for that moment). Otherwise takes nothing and says
   * how long until one is free, so the caller can delay its job.
   */
  async reserve(key: BudgetKey, maxWaitMs: number): Promise<BudgetDecision> {
    const accountRate = key.livemode ? this.limits.livePerSecond : this.limits.testPerSecond;
    const endpointRate = Math.min(this.limits.endpointPerSecond, accountRate);
    const tag = `{${key.provider}:${key.accountId}:${key.livemode ? 'live' : 'test'}}`;
    const [granted, waitMs] = await this.redis.takeProviderToken(
      `${this.prefix}:budget:${tag}`,
      `${this.prefix}:budget:${tag}:${key.endpoint}`,
      accountRate,
      capacity(accountRate, this.limits.burstSeconds),
      endpointRate,
      capacity(endpointRate, this.limits.burstSeconds),
      Math.max(0, Math.floor(maxWaitMs)),
    );
    return granted === 1 ? { granted: true, waitMs } : { granted: false, waitMs };
  }

  /** Waits for a token however long it takes (bounded only by `maxWaitMs` per reservation). */
  async acquire(key: BudgetKey, maxWaitMs = 60_000): Promise<void> {
    for (;;) {
      const decision = await this.reserve(key, maxWaitMs);
      await delay(decision.waitMs);
      if (decision.granted) return;
    }
  }
}

// A bucket holds at least one token, or a rate below 1/s could never grant anything.
function capacity(rate: number, burstSeconds: number): number {
  return Math.max(1, rate * burstSeconds);
}

function delay(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
