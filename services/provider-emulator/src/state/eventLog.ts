import type Stripe from 'stripe';
import { unit } from '../kit/hash';
import type { IdCodec } from '../core/ids';
import type { JsonObject } from '../kit/json';
import { renderInVersion } from '../versions/apiVersions';

/** Stripe's event shape; `type` is a plain string, as the emulator emits types the SDK may not list yet. */
export interface EmulatorEvent extends Omit<Stripe.EventBase, 'type' | 'data'> {
  type: string;
  data: { object: JsonObject; previous_attributes?: JsonObject };
}

/**
 * Stripe's events list is eventually consistent: an event can show up some seconds after events
 * created later. `share` of the events (0–1, picked by a seeded hash, so a run repeats) are
 * listed only `delayMs` after they were created.
 */
export interface LateVisibility {
  share: number;
  delayMs: number;
}

const F_LATE = 9101;

/** An account's events, oldest first; event i's id encodes i, like object ids. */
export class EventLog {
  private readonly events: EmulatorEvent[] = [];
  /** Epoch ms from which event i is listed. */
  private readonly visibleFrom: number[] = [];
  /**
   * The account's default API version: new events are rendered in it and keep it, as at Stripe
   * (an event's `data` never changes, even after the account upgrades).
   */
  apiVersion: string;
  lateVisibility: LateVisibility = { share: 0, delayMs: 0 };
  /** Called with each new event (the webhook delivery); not for events restored after a restart. */
  onAppend: ((event: EmulatorEvent) => void) | undefined;

  constructor(
    readonly codec: IdCodec,
    apiVersion: string,
    private readonly seed = 0,
  ) {
    this.apiVersion = apiVersion;
  }

  get size(): number {
    return this.events.length;
  }

  at(index: number): EmulatorEvent | undefined {
    return this.events[index];
  }

  createdAt(index: number): number {
    return this.events[index]?.created ?? 0;
  }

  /** Epoch ms from which event `index` is listed. */
  visibleFromAt(index: number): number {
    return this.visibleFrom[index] ?? 0;
  }

  /** Puts back an event kept across a restart; events come back in their order, so ids keep their index. */
  restore(event: EmulatorEvent, visibleFrom: number): void {
    this.events.push(event);
    this.visibleFrom.push(visibleFrom);
  }

  /** Whether a list made at `nowMs` shows event `index` yet. */
  isVisible(index: number, nowMs: number): boolean {
    return (this.visibleFrom[index] ?? Infinity) <= nowMs;
  }

  indexOf(id: string): number | undefined {
    const index = this.codec.decode(id);
    return index !== undefined && index < this.events.length ? index : undefined;
  }

  /**
   * `object` is in the emulator's own shape (the pinned version's); the event renders it in the
   * account's current default version. `account`: set for a connected account, as Stripe marks
   * Connect events.
   */
  append(type: string, created: number, object: JsonObject, previous?: JsonObject, account?: string): EmulatorEvent {
    const index = this.events.length;
    const last = this.events[index - 1];
    const version = this.apiVersion;
    const rendered = renderInVersion(object, version);
    const event: EmulatorEvent = {
      id: this.codec.encode(index),
      object: 'event',
      ...(account ? { account } : {}),
      api_version: version,
      // Never older than the previous event, so the log stays sorted by `created`.
      created: Math.max(created, last?.created ?? created),
      data: previous ? { object: rendered, previous_attributes: previous } : { object: rendered },
      livemode: false,
      pending_webhooks: 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.events.push(event);
    const late = this.lateVisibility.share > 0 && unit(this.seed, index, F_LATE) < this.lateVisibility.share;
    this.visibleFrom.push(Date.now() + (late ? this.lateVisibility.delayMs : 0));
    this.onAppend?.(event);
    return event;
  }
}
