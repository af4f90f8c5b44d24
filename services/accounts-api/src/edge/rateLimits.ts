import type { RedisConnection } from '@datasync/queue';
import { failOpen } from '@datasync/auth';
import { RateLimitError } from '@datasync/errors';
import type { Logger } from '@datasync/logger';
import { BucketLeases } from './bucketLeases';

export interface RateLimitSettings {
  /** Key prefix in Redis. */
  prefix: string;
  perClientPerSecond: number;
  /** Requests a client that was quiet may make at once (RATE_LIMIT_BURST). */
  perClientBurst: number;
}

/**
 * The most tokens one lease takes: a tenth of the rate, at most 100. Under the default rate of
 * 50 a busy client costs a Redis round trip per 5 requests, and tokens left unspent in a
 * process when a lease lapses are at most 4 per process; a rate under 20 is leased one by one,
 * exactly as counted without leases.
 */
export function maxLeaseFor(perSecond: number): number {
  return Math.max(1, Math.min(100, Math.floor(perSecond / 10)));
}

/**
 * Requests per client credential (docs/accounts-api.md, Rate limits): a token bucket in Redis shared by every replica,
 * taken in leases (bucketLeases.ts). A client may spend `perClientBurst` at once after a quiet
 * spell (an integrator registering a batch of accounts), then `perClientPerSecond` on average;
 * across replicas it never gets more, and spread over P replicas it can be refused while up to
 * (P − 1) × (lease − 1) tokens sit unspent in the others. Failed authentications have their own
 * limit, shared with config-service (libs/auth AttemptLimiter). Fails open: Redis being down must
 * not take the API down with it, only its protection.
 */
export class RateLimits {
  private readonly bucket: BucketLeases;

  constructor(
    redis: RedisConnection,
    private readonly settings: RateLimitSettings,
    private readonly logger: Logger,
  ) {
    this.bucket = new BucketLeases(redis, {
      perSecond: settings.perClientPerSecond,
      burst: settings.perClientBurst,
      maxLease: maxLeaseFor(settings.perClientPerSecond),
    });
  }

  /** After a successful authentication: the client spends one request of its rate. */
  async spend(clientId: string): Promise<void> {
    const taken = await failOpen(this.logger, () => this.bucket.take(`${this.settings.prefix}:rl:bucket:${clientId}`));
    if (taken && !taken.ok) {
      throw new RateLimitError(
        taken.retryAfterMs / 1000,
        `Too many requests for this client credential (limit ${this.settings.perClientPerSecond} per second, bursts of ${this.settings.perClientBurst}). ` +
          'Retry after the number of seconds in Retry-After.',
        'client_rate',
      );
    }
  }
}
