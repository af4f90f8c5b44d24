import type { Cluster, Redis } from 'ioredis';
import type { BudgetLimits } from '../config';
import { incrementalReserve, type RequestPriority } from './budgetShare';
import { tokenBucketScript } from './tokenBucket.lua';

export interface BudgetKey {
  provider: string;
  accountId: string;
  livemode: boolean;
  /** Endpoint path without ids or query (`/v1/charges`). */
  endpoint: string;
  /**
   * The percentage of the limits the reading source may spend (its `rate_budget_percent`);
   * 100 when absent, for callers that are not a source's reads.
   */
  sharePercent?: number;
}

export type BudgetDecision = { granted: true; waitMs: number } | { granted: false; waitMs: number };

// One Redis server or a Redis Cluster: the script's two keys share a hash tag, so one slot.
type RedisClient = Redis | Cluster;

type WithBucketCommand = RedisClient & {
  takeProviderToken(
    accountKey: string,
    endpointKey: string,
    accountRate: number,
    accountCapacity: number,
    endpointRate: number,
    endpointCapacity: number,
    maxWaitMs: number,
    accountReserve: number,
    endpointReserve: number,
  ): Promise<[number, number]>;
};

interface Bucket {
  rate: number;
  capacity: number;
}

/**
 * Request budget per (provider account, mode) and per (account, mode, endpoint), kept in Redis so
 * every process of every service spends from the same buckets (docs/queues.md, Rate budget). Live and test mode are
 * separate buckets because Stripe counts them separately (100 req/s live, 25 test, each with its
 * own per-endpoint limits: https://docs.stripe.com/rate-limits): an account's test-mode backfill
 * must not slow its live-mode reads. A bucket refills at the reading source's share of `limits`.
 */
export class RateBudget {
  private readonly redis: WithBucketCommand;

  constructor(
    redis: RedisClient,
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
   *
   * Incremental requests reserve the next free slot. Backfill requests leave half of each bucket
   * to incremental ones and never hold a slot in the queue: they wait here, asking again, until
   * a token above that reserve is free (then `waitMs` is 0), or refuse past `maxWaitMs`.
   */
  async reserve(key: BudgetKey, maxWaitMs: number, priority: RequestPriority): Promise<BudgetDecision> {
    const { account, endpoint } = this.buckets(key);
    const tag = `{${key.provider}:${key.accountId}:${key.livemode ? 'live' : 'test'}}`;
    const take = (wait: number, reserveA: number, reserveE: number) =>
      this.redis.takeProviderToken(
        `${this.prefix}:budget:${tag}`,
        `${this.prefix}:budget:${tag}:${key.endpoint}`,
        account.rate,
        account.capacity,
        endpoint.rate,
        endpoint.capacity,
        wait,
        reserveA,
        reserveE,
      );
    const bound = Math.max(0, Math.floor(maxWaitMs));
    if (priority === 'incremental') {
      const [granted, waitMs] = await take(bound, 0, 0);
      return granted === 1 ? { granted: true, waitMs } : { granted: false, waitMs };
    }
    const deadline = Date.now() + bound;
    for (;;) {
      const [granted, waitMs] = await take(0, incrementalReserve(account.capacity), incrementalReserve(endpoint.capacity));
      if (granted === 1) return { granted: true, waitMs: 0 };
      if (Date.now() + waitMs > deadline) return { granted: false, waitMs };
      // A little jitter, so backfill callers woken for the same token do not all ask at once.
      await delay(waitMs + Math.random() * Math.min(waitMs, 20));
    }
  }

  /** Waits for a token however long it takes (bounded only by `maxWaitMs` per reservation). */
  async acquire(key: BudgetKey, priority: RequestPriority, maxWaitMs = 60_000): Promise<void> {
    for (;;) {
      const decision = await this.reserve(key, maxWaitMs, priority);
      await delay(decision.waitMs);
      if (decision.granted) return;
    }
  }

  private buckets(key: BudgetKey): { account: Bucket; endpoint: Bucket } {
    const share = (key.sharePercent ?? 100) / 100;
    const accountRate = share * (key.livemode ? this.limits.livePerSecond : this.limits.testPerSecond);
    const endpointRate = Math.min(share * this.limits.endpointPerSecond, accountRate);
    return {
      account: { rate: accountRate, capacity: capacity(accountRate, this.limits.burstSeconds) },
      endpoint: { rate: endpointRate, capacity: capacity(endpointRate, this.limits.burstSeconds) },
    };
  }
}

// A bucket holds at least one token, or a rate below 1/s could never grant anything.
function capacity(rate: number, burstSeconds: number): number {
  return Math.max(1, rate * burstSeconds);
}

function delay(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
