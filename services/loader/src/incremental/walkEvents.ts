import { isDeepStrictEqual } from 'node:util';
import type { ProviderEvent } from '@datasync/providers';
import { applyChanges } from './applyChanges';
import { collapseEvents } from './changeSet';
import { completeChanges } from './completeChanges';
import { advanceCursor, saveRecentEvents } from './eventCursors.repository';
import type { PollContext, TableState } from './pollTables';
import { RecentEvents } from '@datasync/providers';
import { skipReason } from './skipReason';

/**
 * Walks the events of one cursor and applies them to the group's tables; true when it reached the
 * end of the stream. From a cursor, the cursor moves after every page, and the walk stops when the
 * slice is spent (the next poll goes on). Without one (a table's first poll) the window is read
 * newest first, so the cursor (the newest event) is saved only once the whole window is applied.
 * Either way the look-back window behind the newest event is then read again (see lookBack).
 */
export async function walkGroup(ctx: PollContext, group: readonly TableState[]): Promise<boolean> {
  const first = group[0] as TableState;
  const recent = new RecentEvents(first.recent);
  if (first.cursor !== null) {
    for await (const page of ctx.reader.listEvents({ after: first.cursor })) {
      await applyPage(ctx, group, recent, page.events);
      if (page.cursor !== null && page.events.length > 0) {
        for (const table of group) await advanceCursor(ctx.db, table.key, { cursor: page.cursor, events: page.events.length });
      }
      if (page.hasMore && Date.now() >= ctx.deadline) {
        await saveRecent(ctx, group, recent, 0);
        return false;
      }
    }
    await saveRecent(ctx, group, recent, await lookBack(ctx, group, recent));
    return true;
  }
  let newest: string | null = null;
  let events = 0;
  for await (const page of ctx.reader.listEvents({ createdGte: first.createdGte })) {
    await applyPage(ctx, group, recent, page.events);
    newest ??= page.cursor;
    events += page.events.length;
  }
  if (newest !== null) {
    for (const table of group) await advanceCursor(ctx.db, table.key, { cursor: newest, events });
  }
  await saveRecent(ctx, group, recent, 0);
  return true;
}

/**
 * The provider's events list is eventually consistent: an event can become visible after events
 * created later, behind a cursor that has moved past its place. So every poll reads the window
 * behind the newest event again and applies the events it had not seen; returns how many. Once a
 * read has come late enough that nothing more can show up behind the newest event, the next polls
 * skip it until a newer event moves the window (RecentEvents.lookBackDue).
 * Writes are guarded by `_source_ts`, so a late event older than a row's state changes nothing.
 */
async function lookBack(ctx: PollContext, group: readonly TableState[], recent: RecentEvents): Promise<number> {
  const windowS = ctx.deps.settings.eventLookbackS;
  const start = recent.windowStart(windowS);
  if (start === null || !recent.lookBackDue(windowS)) return 0;
  const readAt = Math.floor(Date.now() / 1000);
  let late = 0;
  for await (const page of ctx.reader.listEvents({ createdGte: start })) late += await applyPage(ctx, group, recent, page.events);
  recent.lookedBackAt = readAt;
  if (late > 0) ctx.logger.info('events visible late applied', { late, tables: group.map((t) => t.tableName) });
  return late;
}

/**
 * Once per walk: the cursor's moves commit with the poll's transaction, and so does this. A quiet
 * poll's walk changed nothing, and writes nothing.
 */
async function saveRecent(ctx: PollContext, group: readonly TableState[], recent: RecentEvents, late: number): Promise<void> {
  const json = recent.toJson(ctx.deps.settings.eventLookbackS);
  for (const table of group) {
    if (late === 0 && isDeepStrictEqual(json, table.recent)) continue;
    await saveRecentEvents(ctx.db, table.key, json, late);
  }
}

/**
 * One page's changes into every table of the group; committed in the destination on return.
 * Events applied before (within the look-back window) are left out, and events no table of the
 * account can use are counted and skipped. Returns how many events were new.
 */
async function applyPage(
  ctx: PollContext,
  group: readonly TableState[],
  recent: RecentEvents,
  page: readonly ProviderEvent[],
): Promise<number> {
  const events = recent.unseen(page);
  ctx.totals.events += events.length;
  for (const event of events) {
    const reason = skipReason(event, ctx.mountedResources);
    if (reason === null || ctx.skippedEvents.has(event.id)) continue;
    ctx.skippedEvents.add(event.id);
    ctx.deps.metrics.eventsSkipped.inc({ reason });
  }
  for (const table of group) {
    const collapsed = collapseEvents(events, new Set([table.resourceType]));
    // An object in another API version's shape is fetched again whole: completing its lists first would be wasted.
    const changes = [
      ...(await completeChanges(
        ctx.reader,
        collapsed.filter((c) => c.pinnedShape),
      )),
      ...collapsed.filter((c) => !c.pinnedShape),
    ];
    if (changes.length === 0) continue;
    const target = await ctx.tables.open(table);
    const result = await applyChanges(target, ctx.account.identifier, changes, ctx.refetcher);
    ctx.totals.written += result.written;
    ctx.totals.refetched += result.refetched;
    ctx.deps.metrics.rowsWritten.inc({ table: table.tableName }, result.written);
  }
  ctx.refetcher.clear();
  recent.add(events);
  return events.length;
}
