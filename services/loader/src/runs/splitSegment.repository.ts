import { TABLES, type Knex } from '@datasync/db';
import { SEGMENT_TRANSITIONS } from './runStates';

// Splitting a reading segment's remaining range. Stripe lists newest first, so a segment has
// read [cursor_created, created_lt) and has [created_gte, cursor_created] left. Assuming the rest
// is as dense as what it read gives the rows left; a split gives the older half of the seconds
// left to a new segment. Only the segment's holder splits it, at a commit (commitPage): its
// next requests then stop at the new bound, and the objects it had already fetched below it are
// never written by it, so no object is written by both (see readSegment).

/** SQL of a segment's estimated rows left to read (table alias `a`). */
export function remainingRowsSql(a: string): string {
  return `(${a}.rows_written * (${a}.cursor_created - ${a}.created_gte) / greatest(1, ${a}.created_lt - ${a}.cursor_created))`;
}

/** SQL condition (one binding: the least rows worth a split) on a segment that can be split. */
export function splittableSql(a: string): string {
  return `${a}.cursor_created is not null and ${a}.rows_written > 0 and ${a}.cursor_created - ${a}.created_gte >= 2 and ${remainingRowsSql(a)} >= ?`;
}

export interface SplitCandidate {
  runId: string;
  n: number;
  accountId: string;
  createdGte: number;
  createdLt: number;
  cursorCreated: number | null;
  rowsWritten: number;
}

/** Where a split falls, or null when the segment has too little left or too few seconds. */
export function splitPoint(segment: SplitCandidate, minRows: number): number | null {
  const { createdGte: gte, createdLt: lt, cursorCreated: cursor, rowsWritten } = segment;
  if (cursor === null || rowsWritten <= 0 || cursor - gte < 2) return null;
  const remaining = Math.floor((rowsWritten * (cursor - gte)) / Math.max(1, lt - cursor));
  if (remaining < minRows) return null;
  // Strictly between: the cursor's own second stays with the holder, the new segment is not empty.
  return gte + Math.floor((cursor - gte) / 2);
}

/**
 * `shrink` and `create`, inside the holder's commit: the segment keeps [point, created_lt) and a
 * new pending segment takes [created_gte, point). The run row is locked so that two segments of
 * one run splitting at once number their new segments apart. Clears `split_wanted` either way.
 * Returns the holder's new lower bound, or null when it did not split.
 */
export async function splitRemainder(trx: Knex.Transaction, segment: SplitCandidate, minRows: number): Promise<number | null> {
  const point = splitPoint(segment, minRows);
  const mine = trx(TABLES.segments).where({ run_id: segment.runId, n: segment.n });
  if (point === null) {
    await mine.update({ split_wanted: false });
    return null;
  }
  await trx(TABLES.runs).where({ id: segment.runId }).forUpdate().first('id');
  const [{ last }] = (await trx(TABLES.segments).where({ run_id: segment.runId }).max({ last: 'n' })) as [{ last: number }];
  await mine
    .whereIn('status', [...SEGMENT_TRANSITIONS.shrink.from])
    .update({ created_gte: point, split_wanted: false, status: SEGMENT_TRANSITIONS.shrink.to, updated_at: trx.fn.now() });
  await trx(TABLES.segments).insert({
    run_id: segment.runId,
    n: last + 1,
    account_id: segment.accountId,
    created_gte: segment.createdGte,
    created_lt: point,
    status: SEGMENT_TRANSITIONS.create.to,
  });
  return point;
}
