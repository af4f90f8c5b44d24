import { splitRange, type CreatedRange } from './createdRange';

export interface RangePlanInput {
  /** The run's range, unix seconds, [lower, upper). */
  lower: number;
  upper: number;
  /** Rows the newest page held, and the `created` of its last (oldest) object. */
  headRows: number;
  cursorCreated: number | null;
  pageSize: number;
  pagesPerSegment: number;
  maxSegments: number;
}

export interface RangePlan {
  /** Segment 0 keeps reading after its cursor, over [seg0Gte, upper). */
  seg0Gte: number;
  /** Segments 1… over [lower, seg0Gte), oldest first. */
  others: CreatedRange[];
}

/**
 * How to split the rest of a run after its newest page. The page tells how dense the account's
 * recent history is; assuming the same density further back gives the number of pages left and so
 * the number of segments. Segment 0 keeps its cursor and shrinks to [s, upper) with s ≤ the cursor's
 * second, which keeps the rest of that second on segment 0's side (as splitCreatedRange does), so
 * no object is skipped or read by two segments.
 */
export function planSplit(input: RangePlanInput): RangePlan {
  const { lower, upper, cursorCreated: c } = input;
  const whole: RangePlan = { seg0Gte: lower, others: [] };
  if (c === null || c <= lower || input.headRows === 0) return whole;
  const headSpan = Math.max(1, upper - c);
  const estimatedRows = (input.headRows * (c + 1 - lower)) / headSpan;
  const estimatedPages = Math.ceil(estimatedRows / Math.max(1, input.pageSize));
  const count = Math.min(input.maxSegments, Math.max(1, Math.ceil(estimatedPages / Math.max(1, input.pagesPerSegment))));
  if (count <= 1) return whole;
  const width = c + 1 - lower;
  const s = Math.min(c, c + 1 - Math.floor(width / count));
  if (s <= lower) return whole;
  return { seg0Gte: s, others: splitRange(lower, s, count - 1) };
}
