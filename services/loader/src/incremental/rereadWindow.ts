import type { WriteRow } from '@datasync/destinations';
import { changeDetectionOf, getResource, toWriteRows } from '@datasync/providers';
import { findCursors } from './eventCursors.repository';
import type { PollContext, TableState } from './pollTables';

/**
 * Keeps resources without change events fresh (docs/incremental-sync.md, How changes are detected): for each table whose catalog entry
 * says `reread`, the objects created within the resource's window are listed again, once per
 * interval (the first poll of each interval does it: the table's previous poll is in an earlier
 * one). Balance transactions change `status` when their funds become available, with no event,
 * and new ones appear only this way. Rows carry the response time as `_source_ts`, so a re-read
 * never overwrites a newer state. Returns the rows written.
 */
export async function rereadWindows(ctx: PollContext, tables: readonly TableState[], now: Date = new Date()): Promise<number> {
  let written = 0;
  let cursors: Awaited<ReturnType<typeof findCursors>> | undefined;
  for (const table of tables) {
    const resource = getResource(ctx.account.sourceType, table.resourceType);
    const detection = changeDetectionOf(resource);
    if (detection.kind !== 'reread') continue;
    cursors ??= await findCursors(ctx.db, ctx.account.id);
    if (
      !rereadDue(
        ctx.account.sourceType,
        table.resourceType,
        cursors.get(`${table.destinationId}/${table.tableName}`)?.polledAt ?? null,
        now,
      )
    ) {
      continue;
    }

    const target = await ctx.tables.open(table);
    const createdGte = Math.floor(now.getTime() / 1000) - detection.windowSeconds;
    let rows = 0;
    for await (const page of ctx.reader.listPages(resource, { createdGte, limit: 100 })) {
      const batch: WriteRow[] = toWriteRows(resource, ctx.account.identifier, page.objects, page.fetchedAt);
      if (batch.length > 0) rows += await target.fenced(async () => (await target.writer.writeBatch(batch)).written);
    }
    ctx.deps.metrics.rowsWritten.inc({ table: table.tableName }, rows);
    ctx.logger.info('recent window re-read', { table: table.tableName, windowSeconds: detection.windowSeconds, rows });
    written += rows;
  }
  ctx.totals.written += written;
  return written;
}

/** Whether a poll at `now` of a table last polled at `polledAt` re-reads its window: the first poll of each interval does. */
export function rereadDue(sourceType: string, resourceType: string, polledAt: Date | null, now: Date): boolean {
  const detection = changeDetectionOf(getResource(sourceType, resourceType));
  if (detection.kind !== 'reread') return false;
  const interval = detection.intervalSeconds * 1000;
  return polledAt === null || Math.floor(polledAt.getTime() / interval) !== Math.floor(now.getTime() / interval);
}
