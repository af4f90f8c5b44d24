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
  /** The latest event's object has the pinned version's shape; if not, only a fetch gives a row. */
  pinnedShape: boolean;
}

/**
 * One change per (resource, object id) of the given resources, from events in any order: the
 * event with the highest `created` wins, and a tie on that second is flagged rather than broken
 * by list order, which the provider does not promise within a second.
 */
export function collapseEvents(events: readonly ProviderEvent[], resources: ReadonlySet<string>): ObjectChange[] {
  const latest = new Map<string, ObjectChange>();
  for (const event of events) {
    const id = event.objectId;
    if (event.resource === null || !resources.has(event.resource) || id === null) continue;
    const key = `${event.resource}\0${id}`;
    const seen = latest.get(key);
    if (seen && seen.created > event.created) continue;
    const sameSecond = seen !== undefined && seen.created === event.created;
    latest.set(key, {
      resource: event.resource,
      id,
      object: { ...event.object, id },
      deleted: event.deleted,
      created: event.created,
      sameSecond,
      pinnedShape: event.pinnedShape,
    });
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
 * change: nothing to do. Two changes within one second are settled by a fetch as well, and so is
 * a change whose object is not in the pinned version's shape.
 */
export function decide(
  change: Pick<ObjectChange, 'created' | 'sameSecond' | 'pinnedShape'>,
  storedMs: number | undefined,
  tieMarginMs: number,
): Decision {
  const eventMs = change.created * 1000;
  if (storedMs !== undefined && storedMs >= eventMs + 1000 + tieMarginMs) return 'skip';
  // An object rendered in another API version would put another shape in the row (and NULL in
  // typed columns whose field moved): the object as the pinned version shows it is fetched.
  if (change.sameSecond || !change.pinnedShape) return 'refetch';
  if (storedMs === undefined || storedMs < eventMs) return 'write';
  return 'refetch';
}
