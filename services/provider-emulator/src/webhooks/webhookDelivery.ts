import { hashString, SignedDelivery, unit, type DeliverySettings, type SignedAttempt } from '../kit';
import type { EmulatorEvent } from '../state/eventLog';
import { stripeSignature } from './signPayload';
import type { WebhookEndpoint } from './webhookEndpoints';

/** What the admin API lists of an attempt besides its number, status and time. */
interface StripeDeliveryLabel {
  event: string;
  type: string;
  endpoint: string;
}

/** One attempt, as the admin API lists them. */
export type DeliveryAttempt = SignedAttempt<StripeDeliveryLabel>;

const F_DUPLICATE = 9201;
const F_REORDER = 9202;

/**
 * Sends events to webhook endpoints the way Stripe does, on the kit's signed delivery: a JSON POST
 * signed with the endpoint's secret (`Stripe-Signature`), a 2xx counts as delivered, anything else
 * (or no answer) is retried with an exponential backoff. Duplicates and reordering are drawn from a
 * seeded hash of the delivery's number, so a run with the same seed and the same traffic makes the
 * same choices.
 */
export class WebhookDelivery {
  private readonly sender = new SignedDelivery<StripeDeliveryLabel>();
  private readonly seed: number;
  private sequence = 0;

  constructor(seedText: string) {
    this.seed = hashString(`webhooks:${seedText}`);
  }

  get settings(): DeliverySettings {
    return this.sender.settings;
  }

  /** Queues the event for each endpoint; returns at once (delivery is asynchronous, as at Stripe). */
  deliver(event: EmulatorEvent, endpoints: readonly WebhookEndpoint[]): void {
    const settings = this.sender.settings;
    for (const endpoint of endpoints) {
      const n = this.sequence++;
      const request = {
        label: { event: event.id, type: event.type, endpoint: endpoint.id },
        url: endpoint.url,
        body: () => JSON.stringify(event, null, 2),
        headers: (_attempt: number, timestamp: number, payload: string) => ({
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': stripeSignature(payload, endpoint.secret, Math.floor(timestamp / 1000)),
        }),
      };
      const held = unit(this.seed, n, F_REORDER) < settings.reorderShare ? settings.reorderDelayMs : 0;
      this.sender.send(request, held);
      if (unit(this.seed, n, F_DUPLICATE) < settings.duplicateShare) this.sender.send(request, held + settings.reorderDelayMs);
    }
  }

  /** The latest attempts, oldest first; of one endpoint when `endpointId` is given. */
  log(endpointId?: string): DeliveryAttempt[] {
    const attempts = this.sender.log();
    return endpointId ? attempts.filter((a) => a.endpoint === endpointId) : attempts;
  }

  /** Stops every pending attempt (the emulator is closing). */
  close(): void {
    this.sender.close();
  }
}
