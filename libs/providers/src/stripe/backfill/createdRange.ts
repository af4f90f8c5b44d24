/**
 * A `created` range in unix seconds: `gte` inclusive, `lt` exclusive. Only a range: the loader's
 * `segments` rows hold one as their partition (stripePartition.ts).
 */
export interface CreatedRange {
  gte: number;
  lt: number;
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
 * Splits a range that is being read, so another reader can take part of what is left.
 *
 * Lists are newest first, so a range is read from `lt` down to `gte`: after a page ending on an
 * object created at `cursorCreated` (c), the unread objects are those created in [gte, c] that
 * come after the cursor. The split point `s` is a whole second strictly between gte and c:
 * - `keep` = [s, lt) goes on paging with `starting_after` = the cursor object; it still matches
 *   that object (c ≥ s) and returns exactly the unread objects created in [s, c], including the
 *   rest of second c;
 * - `rest` = [gte, s) is read from its start; every object in it is created before s < c, so the
 *   kept range has returned none of them.
 * Same-second objects therefore always stay on one side. Null when fewer than two seconds are
 * left below the cursor: the cursor's second stays with its reader and the new range would be empty.
 */
export function splitCreatedRange(range: CreatedRange, cursorCreated: number): { keep: CreatedRange; rest: CreatedRange } | null {
  if (cursorCreated - range.gte < 2) return null;
  const s = range.gte + Math.floor((cursorCreated - range.gte) / 2);
  return { keep: { gte: s, lt: range.lt }, rest: { gte: range.gte, lt: s } };
}
