import { createHash } from 'node:crypto';
import type { RedisClient } from './redisClient';
import { RateLimitError } from '@datasync/errors';
import type { Logger } from '@datasync/logger';
import { failOpen } from './failOpen';
import { FixedWindowCounter } from './fixedWindow';

export interface AttemptLimit {
  /** What the Redis keys are named under, `<prefix>:rl:<name>:<hash of the subject>`, and the metrics' limiter label. */
  name: string;
  windowMs: number;
  /** Attempts a subject may make per window; the next one gets a 429 until the window ends. */
  max: number;
  /** The 429's message. */
  message: string;
}

/**
 * Counts attempts per subject (an address, a client id at an address, an email) in fixed windows
 * in Redis, shared by every replica and by both services, so a limit cannot be sidestepped by
 * asking another process. A subject found over its limit is also remembered in this process
 * until its window ends, so its further attempts cost neither Redis nor a hash. A window ends:
 * nothing is locked for good. Fails open: Redis being down takes away the protection, not the
 * service.
 */
export class AttemptLimiter {
  private readonly counter: FixedWindowCounter;
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    redis: RedisClient,
    private readonly prefix: string,
    private readonly limit: AttemptLimit,
    private readonly logger: Logger,
  ) {
    this.counter = new FixedWindowCounter(redis, limit.windowMs);
  }

  /** Refuses a subject this process already saw over its limit. No I/O. */
  refuseRemembered(subject: string): void {
    const key = this.key(subject);
    const until = this.blockedUntil.get(key);
    if (until === undefined) return;
    if (until <= Date.now()) this.blockedUntil.delete(key);
    else throw new RateLimitError((until - Date.now()) / 1000, this.limit.message, this.limit.name);
  }

  /** Refuses a subject that has used up its attempts, without spending one. */
  async check(subject: string): Promise<void> {
    this.refuseRemembered(subject);
    const window = await failOpen(this.logger, () => this.counter.peek(this.key(subject)));
    if (window && window.count >= this.limit.max) this.block(subject, window.retryAfterMs);
  }

  /** Spends one attempt; throws the 429 once the subject is over its limit. */
  async record(subject: string): Promise<void> {
    const window = await failOpen(this.logger, () => this.counter.hit(this.key(subject)));
    if (window && window.count > this.limit.max) this.block(subject, window.retryAfterMs);
  }

  private block(subject: string, retryAfterMs: number): never {
    if (this.blockedUntil.size >= 10_000) this.blockedUntil.delete(this.blockedUntil.keys().next().value as string);
    this.blockedUntil.set(this.key(subject), Date.now() + retryAfterMs);
    throw new RateLimitError(retryAfterMs / 1000, this.limit.message, this.limit.name);
  }

  // Hashed: subjects hold addresses and emails, which nobody needs readable in Redis.
  private key(subject: string): string {
    return `${this.prefix}:rl:${this.limit.name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 22)}`;
  }
}
