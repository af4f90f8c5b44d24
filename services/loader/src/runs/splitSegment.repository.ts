import { TABLES, type Knex } from '@datasync/db';
import type { Partition, PartitionCursor, ProviderBackfill } from '@datasync/providers';
import { SEGMENT_TRANSITIONS } from './runStates';

// Splitting a reading segment's partition. The connector decides where (splitPartition) and
// estimates what a split would hand over (splittableRows, kept in `splittable_rows` at every
// commit); the dispatcher asks the segments with the most for a split. Only the segment's holder
// splits it, at a commit (commitPage): its next reads use the partition it keeps, and the objects
// it had already fetched that now belong to the new segment are never written by it
// (ProviderBackfill.restrictPage), so no object is written by both (see readSegment).

/** A segment as just committed by its holder. */
export interface SplitCandidate {
  runId: string;
  n: number;
  accountId: string;
  partition: Partition;
  cursor: PartitionCursor | null;
  rowsWritten: number;
}

/**
 * `shrink` and `create`, inside the holder's commit: the segment keeps one part of its partition
 * and a new pending segment takes the rest. The run row is locked so that two segments of one run
 * splitting at once number their new segments apart. Clears `split_wanted` either way. Returns
 * the holder's new partition, or null when it did not split (`backfill` null: too little left).
 */
export async function splitRemainder(
  trx: Knex.Transaction,
  segment: SplitCandidate,
  backfill: ProviderBackfill | null,
): Promise<Partition | null> {
  const parts = backfill && segment.cursor !== null ? backfill.splitPartition(segment.partition, segment.cursor) : null;
  const mine = trx(TABLES.segments).where({ run_id: segment.runId, n: segment.n });
  if (!backfill || parts === null) {
    await mine.update({ split_wanted: false });
    return null;
  }
  await trx(TABLES.runs).where({ id: segment.runId }).forUpdate().first('id');
  const [{ last }] = (await trx(TABLES.segments).where({ run_id: segment.runId }).max({ last: 'n' })) as [{ last: number }];
  await mine.whereIn('status', [...SEGMENT_TRANSITIONS.shrink.from]).update({
    partition: JSON.stringify(parts.keep),
    splittable_rows: backfill.splittableRows(parts.keep, segment.cursor, segment.rowsWritten),
    split_wanted: false,
    status: SEGMENT_TRANSITIONS.shrink.to,
    updated_at: trx.fn.now(),
  });
  await trx(TABLES.segments).insert({
    run_id: segment.runId,
    n: last + 1,
    account_id: segment.accountId,
    partition: JSON.stringify(parts.rest),
    status: SEGMENT_TRANSITIONS.create.to,
  });
  return parts.keep;
}
