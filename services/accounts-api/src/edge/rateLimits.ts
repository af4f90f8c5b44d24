import type { Redis } from 'ioredis';
import { FixedWindowCounter, failOpen } from '@datasync/auth';
import { RateLimitError } from '@datasync/errors';
import type { Logger } from '@datasync/logger';

export interface RateLimitSettings {
  /** Key prefix in Redis. */
  prefix: string;
  perClientPerSecond: number;
}

/**
 * Requests per client credential (DESIGN §10), counted in Redis and shared by every replica.
 * Failed authentications have their own limit, shared with config-service (libs/auth
 * AttemptLimiter). Fails open: Redis being down must not take the API down with it, only its
 * protection.
 */
export class RateLimits {
  private readonly perSecond: FixedWindowCounter;

  constructor(
    redis: Redis,
    private readonly settings: RateLimitSettings,
    private readonly logger: Logger,
  ) {
    this.perSecond = new FixedWindowCounter(redis, 1000);
  }

  /** After a successful authentication: the client spends one request of its rate. */
  async spend(clientId: string): Promise<void> {
    const client = await failOpen(this.logger, () => this.perSecond.hit(`${this.settings.prefix}:rl:client:${clientId}`));
    if (client && client.count > this.settings.perClientPerSecond) {
      throw new RateLimitError(
        client.retryAfterMs / 1000,
        `Too many requests for this client credential (limit ${this.settings.perClientPerSecond} per second). Retry after the number of seconds in Retry-After.`,
      );
    }
  }
}
