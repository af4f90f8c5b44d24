import type { RedisConnection } from '@datasync/queue';
import { failOpen } from '@datasync/auth';
import { RateLimitError } from '@datasync/errors';
import type { Logger } from '@datasync/logger';
import { TokenLeases } from './tokenLeases';

export interface RateLimitSettings {
  /** Key prefix in Redis. */
  prefix: string;
  perClientPerSecond: number;
}

/**
 * The most tokens one lease takes: a tenth of the limit, at most 100. Under the default limit of
 * 50 a busy client costs a Redis round trip per 5 requests, and tokens left unspent in a
 * process when a window ends are at most 4 per process; a limit under 20 is leased one by one,
 * exactly as counted before leases.
 */
export function maxLeaseFor(perSecond: number): number {
  return Math.max(1, Math.min(100, Math.floor(perSecond / 10)));
}

/**
 * Requests per client credential (DESIGN §10), counted in Redis and shared by every replica, in
 * leases of tokens (tokenLeases.ts): across replicas a client never gets more than its limit in
 * a window, and spread over P replicas it can be refused at most (P − 1) × (lease − 1) requests
 * before it. Failed authentications have their own limit, shared with config-service (libs/auth
 * AttemptLimiter). Fails open: Redis being down must not take the API down with it, only its
 * protection.
 */
export class RateLimits {
  private readonly perSecond: TokenLeases;

  constructor(
    redis: RedisConnection,
    private readonly settings: RateLimitSettings,
    private readonly logger: Logger,
  ) {
    this.perSecond = new TokenLeases(redis, {
      windowMs: 1000,
      limit: settings.perClientPerSecond,
      maxLease: maxLeaseFor(settings.perClientPerSecond),
    });
  }

  /** After a successful authentication: the client spends one request of its rate. */
  async spend(clientId: string): Promise<void> {
    const taken = await failOpen(this.logger, () => this.perSecond.take(`${this.settings.prefix}:rl:client:${clientId}`));
    if (taken && !taken.ok) {
      throw new RateLimitError(
        taken.retryAfterMs / 1000,
        `Too many requests for this client credential (limit ${this.settings.perClientPerSecond} per second). Retry after the number of seconds in Retry-After.`,
      );
    }
  }
}
