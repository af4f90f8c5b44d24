import type { AccountReader, EventPage, ProviderEvent } from '../../connector';
import type { ChangeCursor, ChangePage, ObjectChange, ProviderChanges, ReadChangesOptions } from '../../contract/changes';
import { eventChanges } from './eventChanges';
import { RecentEvents } from './recentEvents';
import { encodeCursor, parseCursor } from './stripeChangeCursor';

/**
 * Events are read from this long before a run's frozen upper bound: the bound is our clock, the
 * events are dated by Stripe's, and applying a few minutes of changes again is harmless.
 */
export const EVENT_OVERLAP_S = 300;

export interface StripeChangesOptions {
  /**
   * How far behind its newest event each walk reads the events again (0: never). Stripe's events
   * list is eventually consistent: an event can be listed after events created later, behind a
   * cursor that has already moved past its place.
   */
  lookBackS: number;
}

/** Same as the loader's LOADER_EVENT_LOOKBACK_S default. */
export const DEFAULT_LOOK_BACK_S = 300;

/**
 * Stripe's changes (contract/changes.ts) are its events. From an event cursor they are walked
 * forward, oldest first, and the cursor moves after every page; a table a run just loaded reads
 * the events since the run's bound newest first (as Stripe lists them), so its cursor moves only
 * at the end of that window. After a walk reached the newest event, the look-back window behind
 * it is read again for events listed late (RecentEvents keeps what was applied).
 */
export function createStripeChanges(options: StripeChangesOptions): ProviderChanges {
  return {
    start({ frozenAt }) {
      return encodeCursor({ createdGte: Math.floor(frozenAt.getTime() / 1000) - EVENT_OVERLAP_S });
    },
    settled(cursor) {
      // Stripe's cursor says itself when its look-back was last read; `now` is for connectors whose cursors age otherwise.
      return !new RecentEvents(parseCursor(cursor).recent ?? null).lookBackDue(options.lookBackS);
    },
    readChanges(reader, cursor, readOptions) {
      return readChanges(reader, cursor, readOptions, options.lookBackS);
    },
  };
}

async function* readChanges(
  reader: AccountReader,
  json: ChangeCursor,
  options: ReadChangesOptions,
  lookBackS: number,
): AsyncIterableIterator<ChangePage> {
  const cursor = parseCursor(json);
  const wanted = new Set(options.resources.map((r) => r.name));
  const recent = new RecentEvents(cursor.recent ?? null);
  const limit = options.limit;
  if ('createdGte' in cursor) {
    // Newest first: the newest event (the cursor to walk on from) is the first page's, but the
    // window is only applied once its last page is, so the cursor moves then.
    let newest: string | null = null;
    for await (const page of reader.listEvents({ createdGte: cursor.createdGte, limit })) {
      newest ??= page.cursor;
      const changes = await pageChanges(reader, recent, page, wanted);
      const next = !page.hasMore && newest !== null ? { after: newest, recent: recent.toJson(lookBackS) } : { ...cursor };
      yield { ...changes, cursor: encodeCursor(next), hasMore: page.hasMore, fetchedAt: page.fetchedAt };
    }
    return;
  }
  let after = cursor.after;
  let last: EventPage | undefined;
  for await (const page of reader.listEvents({ after, limit })) {
    last = page;
    if (page.cursor !== null) after = page.cursor;
    const changes = await pageChanges(reader, recent, page, wanted);
    const moreBehind = page.hasMore || recent.lookBackDue(lookBackS);
    yield { ...changes, cursor: encodeCursor({ after, recent: recent.toJson(lookBackS) }), hasMore: moreBehind, fetchedAt: page.fetchedAt };
  }
  const start = recent.windowStart(lookBackS);
  if (last === undefined || start === null || !recent.lookBackDue(lookBackS)) return;
  const readAt = Math.floor(Date.now() / 1000);
  const pages: EventPage[] = [];
  for await (const page of reader.listEvents({ createdGte: start, limit })) pages.push(page);
  // The look-back's pages are applied as one: they hold few new events, and its read counts as
  // done (lookedBackAt) only once all of them are.
  const events = pages.flatMap((p) => p.events);
  const fetchedAt = pages[pages.length - 1]?.fetchedAt ?? new Date();
  const changes = await pageChanges(reader, recent, { events, hasMore: false, cursor: null, fetchedAt }, wanted);
  recent.lookedBackAt = readAt;
  yield { ...changes, cursor: encodeCursor({ after, recent: recent.toJson(lookBackS) }), hasMore: false, fetchedAt };
}

/**
 * One page's events as changes of the wanted resources. Events applied before (within the
 * look-back window) are left out. Embedded lists an event carried truncated (an invoice's `lines`
 * beyond the first 10) are read to their end, so a row written from an event is as whole as one
 * from a list; not for deletions (written as they are) nor for objects in another API version's
 * shape (read again whole by the engine: completing their lists first would be wasted).
 */
async function pageChanges(
  reader: AccountReader,
  recent: RecentEvents,
  page: EventPage,
  wanted: ReadonlySet<string>,
): Promise<Pick<ChangePage, 'changes' | 'ignored' | 'read'>> {
  const events: ProviderEvent[] = recent.unseen(page.events);
  const { changes, ignored } = eventChanges(events, wanted);
  const completed: ObjectChange[] = [];
  for (const change of changes) {
    completed.push(change.deleted || change.readAgain ? change : { ...change, object: await reader.completeLists(change.object) });
  }
  recent.add(events);
  return { changes: completed, ignored, read: events.length };
}
