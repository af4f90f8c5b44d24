import type Stripe from 'stripe';
import type { IdCodec } from '../core/ids';
import type { JsonObject } from '../core/json';

/**
 * Stripe's event shape. `type` is a plain string because the emulator also announces deletions
 * Stripe has no event type for (`charge.deleted`), so the SDK's closed union does not fit.
 */
export interface EmulatorEvent extends Omit<Stripe.EventBase, 'type' | 'data'> {
  type: string;
  data: { object: JsonObject; previous_attributes?: JsonObject };
}

/** An account's events, oldest first; event i's id encodes i, like object ids. */
export class EventLog {
  private readonly events: EmulatorEvent[] = [];

  constructor(
    readonly codec: IdCodec,
    private readonly apiVersion: string,
  ) {}

  get size(): number {
    return this.events.length;
  }

  at(index: number): EmulatorEvent | undefined {
    return this.events[index];
  }

  createdAt(index: number): number {
    return this.events[index]?.created ?? 0;
  }

  indexOf(id: string): number | undefined {
    const index = this.codec.decode(id);
    return index !== undefined && index < this.events.length ? index : undefined;
  }

  /** `account`: set for a connected account, as Stripe marks Connect events. */
  append(type: string, created: number, object: JsonObject, previous?: JsonObject, account?: string): EmulatorEvent {
    const index = this.events.length;
    const last = this.events[index - 1];
    const event: EmulatorEvent = {
      id: this.codec.encode(index),
      object: 'event',
      ...(account ? { account } : {}),
      api_version: this.apiVersion,
      // Never older than the previous event, so the log stays sorted by `created`.
      created: Math.max(created, last?.created ?? created),
      data: previous ? { object, previous_attributes: previous } : { object },
      livemode: false,
      pending_webhooks: 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.events.push(event);
    return event;
  }
}
