import type { ProviderEvent } from '../../connector';
import type { IgnoredChange, ObjectChange } from '../../contract/changes';

/** Stripe's events carry whole seconds. */
const EVENT_PRECISION_MS = 1000;

/** Why no requested table can use an event, or null when one can. */
function ignoreReason(event: ProviderEvent, wanted: ReadonlySet<string>): IgnoredChange['reason'] | null {
  // Stripe's `balance.available` carries a Balance, `invoice.upcoming` an invoice not created yet.
  if (event.objectId === null) return 'no_object_id';
  if (event.resource === null) return 'unknown_type';
  return wanted.has(event.resource) ? null : 'not_requested';
}

/**
 * One change per (resource, object id) of the wanted resources, from events in any order: the
 * event with the highest `created` wins, and a tie on that second is flagged (`ambiguous`) rather
 * than broken by list order, which Stripe does not promise within a second. An event rendered in
 * another API version than the pinned one is flagged `readAgain`: its fields may be named otherwise.
 */
export function eventChanges(
  events: readonly ProviderEvent[],
  wanted: ReadonlySet<string>,
): { changes: ObjectChange[]; ignored: IgnoredChange[] } {
  const latest = new Map<string, ObjectChange>();
  const ignored: IgnoredChange[] = [];
  for (const event of events) {
    const reason = ignoreReason(event, wanted);
    if (reason !== null) {
      ignored.push({ key: event.id, reason, ...(event.resource !== null ? { resource: event.resource } : {}) });
      continue;
    }
    const resource = event.resource as string;
    const id = event.objectId as string;
    const key = `${resource}\0${id}`;
    const seen = latest.get(key);
    const createdMs = event.created * 1000;
    if (seen && seen.sourceTs.getTime() > createdMs) continue;
    latest.set(key, {
      resource,
      id,
      object: { ...event.object, id },
      deleted: event.deleted,
      sourceTs: new Date(createdMs),
      precisionMs: EVENT_PRECISION_MS,
      ambiguous: seen !== undefined && seen.sourceTs.getTime() === createdMs,
      readAgain: !event.pinnedShape,
    });
  }
  return { changes: [...latest.values()], ignored };
}
