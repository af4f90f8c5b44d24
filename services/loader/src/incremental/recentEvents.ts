import type { ProviderEvent } from '@datasync/providers';

/** The stored form (event_cursors.recent_events). */
export interface RecentEventsJson {
  newest: number;
  ids: Record<string, number>;
}

// A bound on what one cursor row holds: past it the oldest ids are forgotten, and an event among
// them that the look-back meets again is applied again (idempotent; at worst one re-fetch).
const MAX_IDS = 20_000;

/**
 * The events applied within the look-back window behind a cursor: the look-back re-reads that
 * window every poll, and applies only what is not here (the events that became visible late).
 */
export class RecentEvents {
  private readonly ids: Map<string, number>;
  /** Unix seconds of the newest event seen; null until one was. */
  newest: number | null;

  constructor(json: RecentEventsJson | null) {
    this.ids = new Map(Object.entries(json?.ids ?? {}));
    this.newest = json?.newest ?? null;
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

  /** The stored form, without ids older than the window. */
  toJson(windowS: number): RecentEventsJson | null {
    if (this.newest === null) return null;
    const start = this.newest - windowS;
    const kept = [...this.ids].filter(([, created]) => created >= start);
    kept.sort((a, b) => b[1] - a[1]);
    return { newest: this.newest, ids: Object.fromEntries(kept.slice(0, MAX_IDS)) };
  }
}
