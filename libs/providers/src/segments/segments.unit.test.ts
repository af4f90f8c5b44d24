import fc from 'fast-check';
import { backfillRange, splitRange, splitSegment, type CreatedRange } from './segments';

interface Obj {
  id: string;
  created: number;
}

// The list semantics of the provider, as the split rule relies on them: newest first (ties by
// id, descending), `created` bounds, `starting_after` = strictly after that object in order.
function page(all: Obj[], segment: CreatedRange, startingAfter: Obj | undefined, limit: number) {
  const inRange = all
    .filter((o) => o.created >= segment.gte && o.created < segment.lt)
    .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
  const after = startingAfter
    ? inRange.filter((o) => o.created < startingAfter.created || (o.created === startingAfter.created && o.id < startingAfter.id))
    : inRange;
  return { objects: after.slice(0, limit), hasMore: after.length > limit };
}

describe('splitRange', () => {
  it('covers the range with contiguous, non-empty segments', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2e9 }), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 64 }), (gte, width, n) => {
        const segments = splitRange(gte, gte + width, n);
        if (width === 0) return expect(segments).toEqual([]);
        expect(segments.length).toBe(Math.min(n, width));
        expect(segments[0]?.gte).toBe(gte);
        expect(segments[segments.length - 1]?.lt).toBe(gte + width);
        segments.forEach((s, i) => {
          expect(s.lt).toBeGreaterThan(s.gte);
          if (i > 0) expect(s.gte).toBe(segments[i - 1]?.lt);
        });
      }),
    );
  });

  it('gives exact boundaries for a simple case', () => {
    expect(splitRange(100, 110, 3)).toEqual([
      { gte: 100, lt: 103 },
      { gte: 103, lt: 106 },
      { gte: 106, lt: 110 },
    ]);
  });
});

describe('backfillRange', () => {
  it('runs from the account creation through the current second', () => {
    expect(backfillRange(1_000, new Date(5_000_500))).toEqual({ gte: 1_000, lt: 5_001 });
  });
});

describe('splitSegment', () => {
  it('refuses when every unread object shares the cursor second at the bottom', () => {
    expect(splitSegment({ gte: 10, lt: 20 }, { lastId: 'x', lastCreated: 10 })).toBeNull();
  });

  it('splits at a second boundary at or below the cursor second', () => {
    expect(splitSegment({ gte: 10, lt: 20 }, { lastId: 'x', lastCreated: 15 })).toEqual({
      current: { gte: 13, lt: 20 },
      split: { gte: 10, lt: 13 },
    });
    expect(splitSegment({ gte: 10, lt: 20 }, { lastId: 'x', lastCreated: 11 })).toEqual({
      current: { gte: 11, lt: 20 },
      split: { gte: 10, lt: 11 },
    });
  });

  // Many objects per second, random page sizes and random split decisions: the union of what
  // every segment returns is exactly the objects of the range, each once.
  it('neither skips nor repeats an object, whatever the splits', () => {
    const objects = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 1e6 })), { maxLength: 300 })
      .map((pairs) => {
        const seen = new Set<string>();
        return pairs
          .map(([created, n]) => ({ id: `o_${n.toString(36).padStart(5, '0')}`, created: 1000 + created }))
          .filter((o) => (seen.has(o.id) ? false : (seen.add(o.id), true)));
      });
    fc.assert(
      fc.property(
        objects,
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.boolean(), { minLength: 200, maxLength: 200 }),
        (all, limit, decisions) => {
          const read: string[] = [];
          const queue: CreatedRange[] = splitRange(1000, 1031, 2);
          let decision = 0;
          while (queue.length) {
            let segment = queue.shift() as CreatedRange;
            let cursor: Obj | undefined;
            for (;;) {
              const p = page(all, segment, cursor, limit);
              read.push(...p.objects.map((o) => o.id));
              const last = p.objects[p.objects.length - 1];
              if (!p.hasMore || !last) break;
              cursor = last;
              if (decisions[decision++ % decisions.length]) {
                const parts = splitSegment(segment, { lastId: last.id, lastCreated: last.created });
                if (parts) {
                  segment = parts.current;
                  queue.push(parts.split);
                }
              }
            }
          }
          expect(read.length).toBe(all.length);
          expect(new Set(read)).toEqual(new Set(all.map((o) => o.id)));
        },
      ),
      { numRuns: 300 },
    );
  });
});
