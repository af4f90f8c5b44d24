import type { ProviderEvent, ProviderObject } from '@datasync/providers';

/** What the events of one poll page say about one object: its latest known state. */
export interface ObjectChange {
  resource: string;
  id: string;
  /** `data.object` of the latest event. */
  object: ProviderObject;
  deleted: boolean;
  /** Unix seconds of the latest event. */
  created: number;
  /**
   * Another event of the object has the same second as the latest one: events carry whole
   * seconds, so which of them is the newer state cannot be told from the events alone.
   */
  sameSecond: boolean;
}

/**
 * One change per (resource, object id) of the given resources, from events in any order: the
 * event with the highest `created` wins, and a tie on that second is flagged rather than broken
 * by list order, which the provider does not promise within a second.
 */
export function collapseEvents(events: readonly ProviderEvent[], resources: ReadonlySet<string>): ObjectChange[] {
  const latest = new Map<string, ObjectChange>();
  for (const event of events) {
    if (event.resource === null || !resources.has(event.resource)) continue;
    const id = event.object.id;
    if (typeof id !== 'string' || id.length === 0) continue;
    const key = `${event.resource}\0${id}`;
    const seen = latest.get(key);
    if (seen && seen.created > event.created) continue;
    const sameSecond = seen !== undefined && seen.created === event.created;
    latest.set(key, { resource: event.resource, id, object: event.object, deleted: event.deleted, created: event.created, sameSecond });
  }
  return [...latest.values()];
}

export type Decision = 'write' | 'refetch' | 'skip';

/**
 * What to do with a change given the `_source_ts` the destination holds for the object (ms, or
 * undefined when it has no row). A stored state read before the event's second is older: the
 * event's state is written. One read within that second, or shortly after it, may be older or
 * newer than the change (a list response reflects some instant before it arrived), so the object
 * is fetched again and that answer written. A state read well after the second already holds the
 * change: nothing to do. Two changes within one second are settled by a fetch as well.
 */
export function decide(change: Pick<ObjectChange, 'created' | 'sameSecond'>, storedMs: number | undefined, tieMarginMs: number): Decision {
  const eventMs = change.created * 1000;
  if (storedMs !== undefined && storedMs >= eventMs + 1000 + tieMarginMs) return 'skip';
  if (change.sameSecond) return 'refetch';
  if (storedMs === undefined || storedMs < eventMs) return 'write';
  return 'refetch';
}
