import type { Cluster, Redis } from 'ioredis';
import { RateBudget, type BudgetKey } from '../budget/rateBudget';
import type { RequestPriority } from '../budget/budgetShare';
import type { RateLimitMode } from '../connector';
import { ProviderRateLimitedError } from '../errors';
import { DailyQuota } from './dailyQuota';
import { HUBSPOT_LIMITS } from './hubspotLimits';
import { msUntilLocalMidnight } from './portalTime';

export type RequestClass = 'standard' | 'search';

/** Spends a portal's budget before each request and learns its real limits from the answers. */
export interface HubspotPacer {
  beforeRequest(requestClass: RequestClass): Promise<void>;
  afterResponse(requestClass: RequestClass, headers: Headers): void;
}

export interface PortalBudgetOptions {
  portalId: string;
  /** Who spends the ten-second window: HubSpot counts it per app and portal ('service-key' or the app id). */
  appKey: string;
  /** OAuth apps get 110 per 10 s whatever the tier; static tokens 100 until the answers say 190. */
  oauth: boolean;
  timeZone: string;
  priority: RequestPriority;
  rateLimit: RateLimitMode;
  maxWaitMs: number;
  /** The reading source's share of the portal's limits (its rate_budget_percent); 100 when absent. */
  sharePercent?: number;
  prefix?: string;
  now?: () => number;
}

/**
 * HubSpot's limits as Redis token buckets shared by every process (the RateBudget of
 * `budget/rateBudget.ts`), plus a daily count. HubSpot's windows are rolling (10 s for the burst
 * limit, 1 s for search); a token bucket of capacity C refilling at r per second lets through at
 * most C + r·W in any window W, so each bucket is sized to stay under the window's limit:
 * the burst bucket refills at limit/11 per second with one second of capacity (≤ limit per 10 s),
 * the search bucket at 4 per second holding one token (≤ 5 per second). Search has its own bucket
 * because HubSpot does not count it in the burst window. The daily limit is not a bucket: it is a
 * count of the portal's local day (dailyQuota.ts).
 */
export class PortalBudget implements HubspotPacer {
  private burstLimit: number;
  private dailyLimit: number;
  private burst: RateBudget;
  private readonly search: RateBudget;
  private readonly daily: DailyQuota;

  constructor(
    private readonly redis: Redis | Cluster,
    private readonly options: PortalBudgetOptions,
  ) {
    this.burstLimit = options.oauth ? HUBSPOT_LIMITS.oauthBurstPer10s : HUBSPOT_LIMITS.defaultBurstPer10s;
    this.dailyLimit = HUBSPOT_LIMITS.defaultDaily;
    this.burst = this.burstBudget();
    this.search = new RateBudget(redis, bucketLimits(HUBSPOT_LIMITS.searchBucketPerSecond, 1), this.prefix);
    this.daily = new DailyQuota(redis, this.prefix);
  }

  private get prefix(): string {
    return this.options.prefix ?? 'datasync';
  }

  async beforeRequest(requestClass: RequestClass): Promise<void> {
    const { options } = this;
    const now = options.now?.() ?? Date.now();
    const share = (options.sharePercent ?? 100) / 100;
    const within = await this.daily.take(options.portalId, options.timeZone, now, Math.max(1, Math.floor(this.dailyLimit * share)));
    if (!within) throw new ProviderRateLimitedError(msUntilLocalMidnight(now, options.timeZone), 'budget');
    const budget = requestClass === 'search' ? this.search : this.burst;
    const key: BudgetKey = {
      provider: 'hubspot',
      accountId: requestClass === 'search' ? `${options.portalId}:search` : `${options.portalId}:${options.appKey}`,
      livemode: true,
      endpoint: requestClass,
      sharePercent: options.sharePercent,
    };
    for (;;) {
      const decision = await budget.reserve(key, options.maxWaitMs, options.priority);
      if (decision.granted) {
        await delay(decision.waitMs);
        return;
      }
      if (options.rateLimit === 'throw') throw new ProviderRateLimitedError(decision.waitMs, 'budget');
      await delay(decision.waitMs);
    }
  }

  /** HubSpot says the portal's real limits in its headers (the tier is nowhere else); the buckets follow them. */
  afterResponse(requestClass: RequestClass, headers: Headers): void {
    if (requestClass === 'search') return;
    const max = Number(headers.get('x-hubspot-ratelimit-max'));
    if (Number.isInteger(max) && max > 0 && max !== this.burstLimit) {
      this.burstLimit = max;
      this.burst = this.burstBudget();
    }
    const daily = Number(headers.get('x-hubspot-ratelimit-daily'));
    if (Number.isInteger(daily) && daily > 0) this.dailyLimit = daily;
  }

  /** What the buckets are sized for now: for tests and logs. */
  limits(): { burstPer10s: number; daily: number } {
    return { burstPer10s: this.burstLimit, daily: this.dailyLimit };
  }

  private burstBudget(): RateBudget {
    return new RateBudget(this.redis, bucketLimits(this.burstLimit / HUBSPOT_LIMITS.burstWindowDivisor, 1), this.prefix);
  }
}

/** RateBudget's limits for one HubSpot bucket: the same rate for the portal and its one "endpoint". */
function bucketLimits(perSecond: number, capacity: number) {
  return { livePerSecond: perSecond, testPerSecond: perSecond, endpointPerSecond: perSecond, burstSeconds: capacity / perSecond };
}

function delay(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
