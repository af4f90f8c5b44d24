import type { Logger } from '@datasync/logger';
import type Stripe from 'stripe';
import type { RequestPriority } from '../budget/budgetShare';
import type { RateBudget } from '../budget/rateBudget';
import type { ProviderSettings } from '../config';
import type { AccountRef, RateLimitMode, RequestObserver } from '../connector';
import { ProviderRateLimitedError } from '../errors';
import { withRetries } from '../retry/withRetries';
import { classifyStripeError } from './stripeErrors';
import { stripeGet, type RawResponse } from './stripeClient';

export interface RequesterOptions {
  client: Stripe;
  account: AccountRef;
  /** Set for a connected account: sent as `Stripe-Account` with the app's key. */
  connectedAccountId?: string;
  settings: ProviderSettings;
  budget?: RateBudget;
  rateLimit: RateLimitMode;
  priority: RequestPriority;
  /** The reading source's share of the provider's limits; absent: all of them. */
  sharePercent?: number;
  logger: Logger;
  observer?: RequestObserver;
  /** Dates the responses; default: this machine's clock. */
  clock?: () => Date;
}

/** How listing and events reach the provider: one GET, after budget and retries. */
export interface Requester {
  get(endpoint: string, path: string, query: string): Promise<RawResponse>;
  /** When a response arrived, by the reader's clock (absent: this machine's). */
  now?(): Date;
}

/** Every GET of one account reader: spends budget, retries, types the errors. */
export class StripeRequester implements Requester {
  constructor(private readonly options: RequesterOptions) {}

  now(): Date {
    return this.options.clock ? this.options.clock() : new Date();
  }

  get(endpoint: string, path: string, query: string): Promise<RawResponse> {
    const { client, connectedAccountId, settings, rateLimit, logger, observer } = this.options;
    return withRetries(() => stripeGet(client, path, query, connectedAccountId), {
      policy: settings.retry,
      rateLimit,
      beforeAttempt: () => this.spend(endpoint),
      classify: (err) => classifyStripeError(err, connectedAccountId ? { connectedAccountId } : {}),
      logger,
      endpoint,
      // A list is asked at its endpoint's own path; a retrieve appends the object's id.
      list: path === endpoint,
      ...(observer ? { observer } : {}),
    });
  }

  private async spend(endpoint: string): Promise<void> {
    const { budget, account, rateLimit, settings, priority, sharePercent } = this.options;
    if (!budget) return;
    const key = {
      provider: 'stripe',
      accountId: account.accountId,
      // Stripe's verify always reports the mode; absent reads as test mode, the lower limits.
      livemode: account.livemode ?? false,
      endpoint,
      ...(sharePercent !== undefined ? { sharePercent } : {}),
    };
    if (rateLimit === 'wait') return budget.acquire(key, priority);
    const decision = await budget.reserve(key, settings.maxWaitMs, priority);
    if (!decision.granted) throw new ProviderRateLimitedError(decision.waitMs, 'budget');
    if (decision.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, decision.waitMs));
  }
}
