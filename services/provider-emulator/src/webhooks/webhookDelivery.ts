import { hashString, unit } from '../kit/hash';
import type { EmulatorEvent } from '../state/eventLog';
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from '../kit/webhooks/deliverySettings';
import { stripeSignature } from './signPayload';
import type { WebhookEndpoint } from './webhookEndpoints';

/** One attempt, as the admin API lists them. */
export interface DeliveryAttempt {
  event: string;
  type: string;
  endpoint: string;
  attempt: number;
  /** The endpoint's HTTP status; null when it did not answer (refused, timed out). */
  status: number | null;
  at: number;
}

const KEPT_ATTEMPTS = 5_000;
const F_DUPLICATE = 9201;
const F_REORDER = 9202;

/**
 * Sends events to webhook endpoints the way Stripe does: a JSON POST signed with the endpoint's
 * secret, a 2xx counts as delivered, anything else (or no answer) is retried with an exponential
 * backoff. Duplicates and reordering are drawn from a seeded hash of the delivery's number, so a
 * run with the same seed and the same traffic makes the same choices.
 */
export class WebhookDelivery {
  readonly settings: DeliverySettings = { ...DEFAULT_DELIVERY_SETTINGS };
  private readonly attempts: DeliveryAttempt[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly seed: number;
  private sequence = 0;
  private closed = false;

  constructor(seedText: string) {
    this.seed = hashString(`webhooks:${seedText}`);
  }

  /** Queues the event for each endpoint; returns at once (delivery is asynchronous, as at Stripe). */
  deliver(event: EmulatorEvent, endpoints: readonly WebhookEndpoint[]): void {
    for (const endpoint of endpoints) {
      const n = this.sequence++;
      const held = unit(this.seed, n, F_REORDER) < this.settings.reorderShare ? this.settings.reorderDelayMs : 0;
      this.later(held, () => this.attempt(event, endpoint, 1));
      if (unit(this.seed, n, F_DUPLICATE) < this.settings.duplicateShare) {
        this.later(held + this.settings.reorderDelayMs, () => this.attempt(event, endpoint, 1));
      }
    }
  }

  /** The latest attempts, oldest first; of one endpoint when `endpointId` is given. */
  log(endpointId?: string): DeliveryAttempt[] {
    return endpointId ? this.attempts.filter((a) => a.endpoint === endpointId) : [...this.attempts];
  }

  /** Stops every pending attempt (the emulator is closing). */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private later(ms: number, action: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void action();
    }, ms);
    this.timers.add(timer);
  }

  private async attempt(event: EmulatorEvent, endpoint: WebhookEndpoint, attempt: number): Promise<void> {
    if (this.closed) return;
    const payload = JSON.stringify(event, null, 2);
    let status: number | null;
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': stripeSignature(payload, endpoint.secret, Math.floor(Date.now() / 1000)),
        },
        body: payload,
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch {
      status = null;
    }
    this.record({ event: event.id, type: event.type, endpoint: endpoint.id, attempt, status, at: Date.now() });
    const delivered = status !== null && status >= 200 && status < 300;
    if (!delivered && attempt < this.settings.maxAttempts) {
      this.later(this.settings.retryBaseMs * 2 ** (attempt - 1), () => this.attempt(event, endpoint, attempt + 1));
    }
  }

  private record(attempt: DeliveryAttempt): void {
    this.attempts.push(attempt);
    if (this.attempts.length > KEPT_ATTEMPTS) this.attempts.splice(0, this.attempts.length - KEPT_ATTEMPTS);
  }
}
