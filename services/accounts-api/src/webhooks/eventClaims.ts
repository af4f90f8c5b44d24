import { PRODUCER_COMMAND_TIMEOUT_MS, QueueUnavailableError, waitForReady, type RedisConnection } from '@datasync/queue';

/**
 * Which events a source has already taken. Stripe delivers at least once (and the emulator
 * repeats some on purpose): a claim per (source, event id) in Redis, kept `ttlMs` (Stripe retries
 * for three days), makes a replay answer 2xx without a second job.
 */
export class EventClaims {
  constructor(
    private readonly redis: RedisConnection,
    private readonly options: { prefix: string; ttlMs: number },
  ) {}

  /** True for the first claim of the event; false for a replay. */
  async claim(sourceId: string, eventId: string): Promise<boolean> {
    // The connection has no offline queue: a delivery that arrives while it (re)connects waits
    // for it briefly, then is refused as unavailable (503), so the provider delivers it again.
    if (!(await waitForReady(this.redis, PRODUCER_COMMAND_TIMEOUT_MS))) {
      throw new QueueUnavailableError('redis not ready for the event claim');
    }
    return (await this.redis.set(this.key(sourceId, eventId), '1', 'PX', this.options.ttlMs, 'NX')) === 'OK';
  }

  /** Gives the event back (its job could not be queued), so the provider's retry is taken. */
  async release(sourceId: string, eventId: string): Promise<void> {
    await this.redis.del(this.key(sourceId, eventId));
  }

  private key(sourceId: string, eventId: string): string {
    return `${this.options.prefix}:webhook-event:${sourceId}:${eventId}`;
  }
}
