import type { StoredState } from '@datasync/destinations';
import type { ProviderObject } from '@datasync/providers';

/** An object as one list page showed it, and when that page's response arrived. */
export interface ListedObject {
  object: ProviderObject;
  /** Epoch ms. */
  fetchedAt: number;
}

/** What differs between the provider's listing of a window and the destination's rows. */
export interface WindowDrift {
  /** Listed, with no row or with a row marked deleted. */
  missing: ListedObject[];
  /** Listed, and the row holds other data. */
  changed: ListedObject[];
  /** Listed with the same data, but the object's own update time is later than the row's `_source_ts`. */
  stale: ListedObject[];
  /** A live row of the window that the provider did not list. */
  removed: string[];
}

export function driftCount(drift: WindowDrift): number {
  return drift.missing.length + drift.changed.length + drift.stale.length + drift.removed.length;
}

/**
 * The differences of one window (pure). A row whose `_source_ts` is not older than the listing is
 * left alone whatever it holds: it was written after the page was read (a poll's event), so it is
 * the newer state. `listedAt` is when the window's first page arrived: a live row not listed and
 * older than that is gone at the provider.
 */
export function compareWindow(
  listed: ReadonlyMap<string, ListedObject>,
  stored: ReadonlyMap<string, StoredState>,
  liveInWindow: ReadonlyMap<string, number>,
  listedAt: number,
): WindowDrift {
  const drift: WindowDrift = { missing: [], changed: [], stale: [], removed: [] };
  for (const [id, item] of listed) {
    const row = stored.get(id);
    if (!row || row.deleted) {
      if (!row || row.sourceTs < item.fetchedAt) drift.missing.push(item);
      continue;
    }
    if (row.sourceTs >= item.fetchedAt) continue;
    if (!row.holds(item.object)) drift.changed.push(item);
    else if (updatedAt(item.object) > row.sourceTs) drift.stale.push(item);
  }
  for (const [id, sourceTs] of liveInWindow) {
    if (!listed.has(id) && sourceTs < listedAt) drift.removed.push(id);
  }
  return drift;
}

/** The object's own update signal (epoch ms), where the resource has one (`updated`, unix seconds). */
export function updatedAt(object: ProviderObject): number {
  const updated = object.updated;
  return typeof updated === 'number' && Number.isFinite(updated) ? updated * 1000 : 0;
}
