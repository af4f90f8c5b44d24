import { findResourceByEventType, findResourceByObject } from '../catalog';
import type { EventPage, ListEventsOptions, ProviderEvent, ProviderObject } from '../connector';
import { EventCursorExpiredError, ProviderRequestError } from '../errors';
import { parseList } from './listBody';
import { encodeQuery } from './query';
import { STRIPE_API_VERSION } from './stripeClient';
import type { Requester } from './requester';

const EVENTS = '/v1/events';

/**
 * Stripe's event as the connector's. Never throws for an event whose object we cannot use (no
 * id, a type we do not know): the caller counts and skips it, since one such event must not stop
 * the stream (every account with charges receives `balance.available`).
 */
export function toProviderEvent(raw: ProviderObject): ProviderEvent {
  const data = raw.data as { object?: unknown } | undefined;
  const object = data?.object;
  if (typeof raw.type !== 'string' || typeof raw.created !== 'number' || !isRecord(object)) {
    throw new ProviderRequestError(`event ${raw.id} has no type, created or data.object`, 'unexpected_response', 200);
  }
  const resource =
    (typeof object.object === 'string' ? findResourceByObject('stripe', object.object) : undefined) ??
    findResourceByEventType('stripe', raw.type);
  const objectId = typeof object.id === 'string' && object.id.length > 0 ? object.id : null;
  return {
    id: raw.id,
    type: raw.type,
    created: raw.created,
    resource: resource?.name ?? null,
    objectId,
    object,
    deleted: isDeletion(raw.type, object, resource?.deletedEventType),
    // Events from before Stripe recorded versions (2014) have none: their shape is unknown too.
    pinnedShape: raw.api_version === STRIPE_API_VERSION,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A deleted object says so (`deleted: true`), or its resource's delete event names it, and only
 * those: Stripe sends no delete event for charges, refunds, payouts and the like, which cannot be
 * deleted. `customer.subscription.deleted` is not a deletion either: it announces a cancellation,
 * and the subscription stays retrievable.
 */
function isDeletion(type: string, object: Record<string, unknown>, deletedEventType: string | undefined): boolean {
  if (object.deleted === true) return true;
  return deletedEventType !== undefined && deletedEventType === type;
}

/**
 * From a cursor, events are walked forward in time with `ending_before` (each response is the
 * slice just newer than the cursor), and each page is returned oldest first so that applying
 * pages in order replays history. Without a cursor, the `created` window is read newest first.
 */
export async function* listEvents(requester: Requester, options: ListEventsOptions): AsyncIterableIterator<EventPage> {
  const base = { limit: options.limit ?? 100, types: options.types?.length ? options.types : undefined };
  if (options.after !== undefined) {
    let cursor = options.after;
    await assertCursorKept(requester, cursor);
    for (;;) {
      const page = await fetchEvents(requester, encodeQuery({ ...base, ending_before: cursor }), cursor);
      const newest = page.events[0];
      if (newest) cursor = newest.id;
      yield { ...page, events: page.events.reverse(), cursor };
      if (!page.hasMore || !newest) return;
    }
  }
  let startingAfter: string | undefined;
  let cursor: string | null = null;
  for (;;) {
    const created = options.createdGte !== undefined ? { gte: options.createdGte } : undefined;
    const page = await fetchEvents(requester, encodeQuery({ ...base, created, starting_after: startingAfter }));
    cursor ??= page.events[0]?.id ?? null;
    yield { ...page, cursor };
    const oldest = page.events[page.events.length - 1];
    if (!page.hasMore || !oldest) return;
    startingAfter = oldest.id;
  }
}

/**
 * Paging from a cursor older than the provider's retention would silently start at the
 * retention's edge and lose the events in between; the provider only serves events it still
 * keeps, so retrieving the cursor tells. One request per walk, not per page.
 */
async function assertCursorKept(requester: Requester, cursor: string): Promise<void> {
  try {
    await requester.get(EVENTS, `${EVENTS}/${encodeURIComponent(cursor)}`, '');
  } catch (err) {
    if (err instanceof ProviderRequestError && (err.status === 404 || err.code === 'resource_missing')) {
      throw new EventCursorExpiredError(cursor, { cause: err });
    }
    throw err;
  }
}

async function fetchEvents(requester: Requester, query: string, cursor?: string): Promise<Omit<EventPage, 'cursor'>> {
  try {
    const response = await requester.get(EVENTS, EVENTS, query);
    const fetchedAt = requester.now?.() ?? new Date();
    const { data, hasMore } = parseList(response.body);
    return { events: data.map(toProviderEvent), hasMore, fetchedAt };
  } catch (err) {
    if (cursor !== undefined && err instanceof ProviderRequestError && (err.status === 404 || err.param === 'ending_before')) {
      throw new EventCursorExpiredError(cursor, { cause: err });
    }
    throw err;
  }
}
