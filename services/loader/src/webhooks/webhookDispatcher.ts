import type { Logger } from '@datasync/logger';
import { claimDueDeliveries } from '@datasync/webhooks';
import type { LoaderDeps } from '../deps';

// Deliveries enqueued per pass; a backlog drains over further passes.
const BATCH = 200;
// A claimed delivery comes back this long after its job was enqueued if no attempt was recorded
// (a job lost with Redis, a loader killed mid-request); far longer than one request may take.
const LEASE_MS = 5 * 60_000;

/**
 * Moves due webhook deliveries from Postgres (the outbox) into the `webhooks` queue, every
 * dispatchIntervalMs. Several loaders may run it: each delivery is claimed by one (skip locked).
 * A timer, not a job scheduler: it must run even while Redis is away, to retry the enqueue.
 */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: Pick<LoaderDeps, 'knex' | 'producer' | 'webhooks'>,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.pass;
  }

  /** One pass: enqueue every due delivery (tests call it to avoid waiting for the timer). */
  async dispatch(): Promise<number> {
    let enqueued = 0;
    for (;;) {
      const due = await claimDueDeliveries(this.deps.knex, BATCH, LEASE_MS);
      for (const { id, attempt } of due) {
        await this.deps.producer.enqueue('webhook.deliver', { deliveryId: id, attempt });
        enqueued += 1;
      }
      if (due.length < BATCH) return enqueued;
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.pass = this.dispatch()
        .then(
          () => undefined,
          (err: unknown) => {
            // The claimed deliveries come back after their lease.
            this.logger.warn('webhook dispatch failed; retrying at the next pass', {
              error: err instanceof Error ? err.message : String(err),
            });
          },
        )
        .finally(() => this.schedule(this.deps.webhooks.dispatchIntervalMs));
    }, delayMs);
  }
}
