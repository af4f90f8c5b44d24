import { splitRange, type CreatedRange } from '@datasync/providers';

export interface PlanInput {
  /** The run's range, unix seconds, [lower, upper). */
  lower: number;
  upper: number;
  /** Rows the newest page held, and the `created` of its last (oldest) object. */
  headRows: number;
  cursorCreated: number | null;
  pageSize: number;
  /** Fewest pages a segment is planned with. */
  pagesPerSegment: number;
  maxSegments: number;
  /** How many of the account's segments read at once (inFlight.ts); 1 when unknown. */
  inFlight?: number;
}

export interface Plan {
  /** Segment 0 keeps reading after its cursor, over [seg0Gte, upper). */
  seg0Gte: number;
  /** Segments 1… over [lower, seg0Gte), oldest first. */
  others: CreatedRange[];
}

/**
 * How to split the rest of a run after its newest page. The page tells how dense the account's
 * recent history is; assuming the same density further back gives the number of pages left and so
 * the number of segments. Segment 0 keeps its cursor and shrinks to [s, upper) with s ≤ the cursor's
 * second, which keeps the rest of that second on segment 0's side (see splitSegment in
 * libs/providers), so no object is skipped or read by two segments.
 */
export function planSplit(input: PlanInput): Plan {
  const { lower, upper, cursorCreated: c } = input;
  const whole: Plan = { seg0Gte: lower, others: [] };
  if (c === null || c <= lower || input.headRows === 0) return whole;
  const headSpan = Math.max(1, upper - c);
  const estimatedRows = (input.headRows * (c + 1 - lower)) / headSpan;
  const estimatedPages = Math.ceil(estimatedRows / Math.max(1, input.pageSize));
  const count = segmentCount(estimatedPages, input);
  if (count <= 1) return whole;
  const width = c + 1 - lower;
  const s = Math.min(c, c + 1 - Math.floor(width / count));
  if (s <= lower) return whole;
  return { seg0Gte: s, others: splitRange(lower, s, count - 1) };
}

/**
 * As many segments as read at once (inFlight.ts), each of an equal share of the pages, so that they
 * finish together; where the estimate was wrong, the dispatcher splits the segments with most left
 * once others end. No more than that: every segment ends on a part-filled page, so each one more
 * costs half a request on average, and more segments than read at once only wait. None of fewer
 * than `pagesPerSegment` pages (a segment's own work, claims and commits, is worth a few pages),
 * none beyond `maxSegments`.
 */
function segmentCount(estimatedPages: number, input: PlanInput): number {
  const bySize = Math.ceil(estimatedPages / Math.max(1, input.pagesPerSegment));
  return Math.max(1, Math.min(input.maxSegments, input.inFlight ?? bySize, bySize));
}
