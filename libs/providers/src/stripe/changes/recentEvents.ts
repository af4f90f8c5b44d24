import type { ProviderEvent } from '../../connector';

/** The stored form, inside Stripe's change cursor (stripeChangeCursor.ts). */
export interface RecentEventsJson {
  newest: number;
  ids: Record<string, number>;
  /** Unix seconds (our clock) of the last look-back read; absent on rows written before it was kept. */
  lookedBackAt?: number;
}

// A bound on what one cursor row holds: past it the oldest ids are forgotten, and an event among
// them that the look-back meets again is applied again (idempotent; at worst one re-fetch).
const MAX_IDS = 20_000;

// Our clock and the provider's may differ by some seconds: a look-back counts as settled only
// this long after the window it had to wait for.
const CLOCK_MARGIN_S = 60;

/**
 * The events applied within the look-back window behind a cursor: the look-back re-reads that
 * window every poll, and applies only what is not here (the events that became visible late).
 */
export class RecentEvents {
  private readonly ids: Map<string, number>;
  /** Unix seconds of the newest event seen; null until one was. */
  newest: number | null;
  /** Unix seconds (our clock) of the last look-back read; null until one was. */
  lookedBackAt: number | null;

  constructor(json: RecentEventsJson | null) {
    this.ids = new Map(Object.entries(json?.ids ?? {}));
    this.newest = json?.newest ?? null;
    this.lookedBackAt = json?.lookedBackAt ?? null;
  }

  /** The events not applied yet, in their order. */
  unseen(events: readonly ProviderEvent[]): ProviderEvent[] {
    return events.filter((event) => !this.ids.has(event.id));
  }

  add(events: readonly ProviderEvent[]): void {
    for (const event of events) {
      this.ids.set(event.id, event.created);
      if (this.newest === null || event.created > this.newest) this.newest = event.created;
    }
  }

  /** Unix seconds where the look-back starts, or null while no event was seen. */
  windowStart(windowS: number): number | null {
    return this.newest === null ? null : this.newest - windowS;
  }

  /**
   * Whether the window behind the newest event still needs reading again. An event
   * shows in the list at most `windowS` after it was created (the window is chosen so), so a
   * look-back read once `windowS` has passed since the newest event saw every event that will
   * ever show up behind it: later reads of the same window find nothing until a newer event
   * moves the window. This is what makes a quiet account's poll a single request.
   */
  lookBackDue(windowS: number): boolean {
    if (this.newest === null || windowS === 0) return false;
    return this.lookedBackAt === null || this.lookedBackAt < this.newest + windowS + CLOCK_MARGIN_S;
  }

  /** The stored form, without ids older than the window. */
  toJson(windowS: number): RecentEventsJson | null {
    if (this.newest === null) return null;
    const start = this.newest - windowS;
    const kept = [...this.ids].filter(([, created]) => created >= start);
    kept.sort((a, b) => b[1] - a[1]);
    const json: RecentEventsJson = { newest: this.newest, ids: Object.fromEntries(kept.slice(0, MAX_IDS)) };
    if (this.lookedBackAt !== null) json.lookedBackAt = this.lookedBackAt;
    return json;
  }
}
