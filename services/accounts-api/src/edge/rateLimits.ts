import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimitError } from '@datasync/errors';
import type { Logger } from '@datasync/logger';
import { FixedWindowCounter, type WindowCount } from './fixedWindow';

export interface RateLimitSettings {
  /** Key prefix in Redis. */
  prefix: string;
  perClientPerSecond: number;
  authFailuresPerMinute: number;
}

const AUTH_FAILURES_MESSAGE =
  'Too many failed authentication attempts from this address. Check the client credentials, then retry after the number of seconds in Retry-After.';

/**
 * The public API's limits (DESIGN §10): requests per client credential, and failed
 * authentications per IP address, which is what slows down guessing secrets. Counters live in
 * Redis, shared by every replica; an address found over its limit is also remembered in this
 * process until its window ends, so its further attempts cost neither Redis nor Postgres.
 * Both fail open: Redis being down must not take the API down with it, only its protection.
 */
export class RateLimits {
  private readonly perSecond: FixedWindowCounter;
  private readonly perMinute: FixedWindowCounter;
  private readonly blockedUntil = new Map<string, number>();
  private lastWarnedAt = 0;

  constructor(
    redis: Redis,
    private readonly settings: RateLimitSettings,
    private readonly logger: Logger,
  ) {
    this.perSecond = new FixedWindowCounter(redis, 1000);
    this.perMinute = new FixedWindowCounter(redis, 60_000);
  }

  /** Before authenticating: refuses an address this process already saw over its limit. No I/O. */
  refuseBlockedAddress(ip: string): void {
    const until = this.blockedUntil.get(ip);
    if (until === undefined) return;
    if (until <= Date.now()) this.blockedUntil.delete(ip);
    else throw new RateLimitError((until - Date.now()) / 1000, AUTH_FAILURES_MESSAGE);
  }

  /**
   * After a successful authentication: the address must not be over its failures, and the client
   * spends one request of its rate. Both counters in one round trip (ioredis pipelines commands
   * sent together on one connection).
   */
  async checkAuthenticated(ip: string, clientId: string): Promise<void> {
    const [failures, client] = await Promise.all([
      this.failOpen(() => this.perMinute.peek(this.ipKey(ip))),
      this.failOpen(() => this.perSecond.hit(`${this.settings.prefix}:rl:client:${clientId}`)),
    ]);
    if (failures && failures.count >= this.settings.authFailuresPerMinute) this.block(ip, failures);
    if (client && client.count > this.settings.perClientPerSecond) {
      throw new RateLimitError(
        client.retryAfterMs / 1000,
        `Too many requests for this client credential (limit ${this.settings.perClientPerSecond} per second). Retry after the number of seconds in Retry-After.`,
      );
    }
  }

  /** After a failed authentication: counts it; throws a 429 once the address is over its limit. */
  async recordAuthFailure(ip: string): Promise<void> {
    const failures = await this.failOpen(() => this.perMinute.hit(this.ipKey(ip)));
    if (failures && failures.count > this.settings.authFailuresPerMinute) this.block(ip, failures);
  }

  private block(ip: string, window: WindowCount): never {
    if (this.blockedUntil.size >= 10_000) this.blockedUntil.delete(this.blockedUntil.keys().next().value as string);
    this.blockedUntil.set(ip, Date.now() + window.retryAfterMs);
    throw new RateLimitError(window.retryAfterMs / 1000, AUTH_FAILURES_MESSAGE);
  }

  // Hashed: an IPv6 address holds ':' and nobody needs addresses readable in Redis.
  private ipKey(ip: string): string {
    return `${this.settings.prefix}:rl:authfail:${createHash('sha256').update(ip).digest('base64url').slice(0, 22)}`;
  }

  private async failOpen<T>(fn: () => Promise<T>): Promise<T | undefined> {
    try {
      return await fn();
    } catch (err) {
      // Once per outage window, not once per request: an outage must not flood the log.
      if (Date.now() - this.lastWarnedAt > 10_000) {
        this.lastWarnedAt = Date.now();
        this.logger.warn('rate limit check skipped: redis unavailable', { error: err instanceof Error ? err.message : String(err) });
      }
      return undefined;
    }
  }
}
