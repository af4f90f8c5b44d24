import type { ProviderEvent } from '@datasync/providers';
import { applyChanges } from './applyChanges';
import { collapseEvents } from './changeSet';
import { completeChanges } from './completeChanges';
import { advanceCursor } from './eventCursors.repository';
import type { PollContext, TableState } from './pollTables';

/**
 * Walks the events of one cursor and applies them to the group's tables; true when it reached the
 * end of the stream. From a cursor, the cursor moves after every page, and the walk stops when the
 * slice is spent (the next poll goes on). Without one (a table's first poll) the window is read
 * newest first, so the cursor (the newest event) is saved only once the whole window is applied.
 */
export async function walkGroup(ctx: PollContext, group: readonly TableState[]): Promise<boolean> {
  const first = group[0] as TableState;
  if (first.cursor !== null) {
    for await (const page of ctx.reader.listEvents({ after: first.cursor })) {
      await applyPage(ctx, group, page.events);
      if (page.cursor !== null && page.events.length > 0) {
        for (const table of group) await advanceCursor(ctx.db, table.key, { cursor: page.cursor, events: page.events.length });
      }
      if (page.hasMore && Date.now() >= ctx.deadline) return false;
    }
    return true;
  }
  let newest: string | null = null;
  let events = 0;
  for await (const page of ctx.reader.listEvents({ createdGte: first.createdGte })) {
    await applyPage(ctx, group, page.events);
    newest ??= page.cursor;
    events += page.events.length;
  }
  if (newest !== null) {
    for (const table of group) await advanceCursor(ctx.db, table.key, { cursor: newest, events });
  }
  return true;
}

/** One page's changes into every table of the group; committed in the destination on return. */
async function applyPage(ctx: PollContext, group: readonly TableState[], events: readonly ProviderEvent[]): Promise<void> {
  ctx.totals.events += events.length;
  for (const table of group) {
    const changes = await completeChanges(ctx.reader, collapseEvents(events, new Set([table.resourceType])));
    if (changes.length === 0) continue;
    const target = await ctx.tables.open(table);
    const result = await applyChanges(target, ctx.account.identifier, changes, ctx.refetcher);
    ctx.totals.written += result.written;
    ctx.totals.refetched += result.refetched;
    ctx.deps.metrics.rowsWritten.inc({ table: table.tableName }, result.written);
  }
  ctx.refetcher.clear();
}
