/**
 * A `created` range in unix seconds: `gte` inclusive, `lt` exclusive. Only a range: the loader's
 * `segments` table rows (a range plus its cursor, status and lease) are `Segment` there.
 */
export interface CreatedRange {
  gte: number;
  lt: number;
}

/** Where the reading of a range stands: the last object returned (lists are newest first). */
export interface RangeCursor {
  lastId: string;
  lastCreated: number;
}

/**
 * The range a backfill reads: from `lowerBound` (the loader starts at EARLIEST_CREATED and narrows
 * it to the oldest object's day once it knows it, see findOldestCreated) to now, inclusive of the
 * current second. The upper bound is frozen here; incremental sync covers what is created after it.
 */
export function backfillRange(lowerBound: number, now: Date = new Date()): CreatedRange {
  const upper = Math.floor(now.getTime() / 1000) + 1;
  return { gte: Math.min(lowerBound, upper - 1), lt: upper };
}

/**
 * `n` contiguous segments of (nearly) equal width covering [gte, lt), oldest first, on whole
 * seconds; fewer when the range has fewer seconds than `n`.
 */
export function splitRange(gte: number, lt: number, n: number): CreatedRange[] {
  const width = lt - gte;
  if (width <= 0) return [];
  const count = Math.max(1, Math.min(Math.floor(n), width));
  const segments: CreatedRange[] = [];
  for (let i = 0; i < count; i++) {
    segments.push({ gte: gte + Math.floor((width * i) / count), lt: gte + Math.floor((width * (i + 1)) / count) });
  }
  return segments;
}

/**
 * Splits a segment that is being read, so another reader can take part of what is left.
 *
 * The rule (lists are newest first, so a segment is read from `lt` down to `gte`): after a page
 * ending on the object `cursor` (created `c`), the unread objects are those created in
 * [gte, c] that come after the cursor. The split point `s` is a whole second with gte < s ≤ c:
 * - `current` = [s, lt) keeps paging with `starting_after = cursor.lastId`; it still matches
 *   the cursor object (c ≥ s), and it returns exactly the unread objects created in [s, c],
 *   including the rest of second c;
 * - `split` = [gte, s) is read from its start; every object in it is created before s ≤ c, so
 *   the current segment has returned none of them.
 * Same-second objects therefore always stay on one side of the split. Returns null when all
 * unread objects share the cursor's second or lie below it with no room (c ≤ gte).
 */
export function splitSegment(segment: CreatedRange, cursor: RangeCursor): { current: CreatedRange; split: CreatedRange } | null {
  const c = Math.min(cursor.lastCreated, segment.lt - 1);
  if (c <= segment.gte) return null;
  const s = segment.gte + Math.ceil((c + 1 - segment.gte) / 2);
  return { current: { gte: s, lt: segment.lt }, split: { gte: segment.gte, lt: s } };
}
