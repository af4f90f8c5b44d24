import fc from 'fast-check';
import { backfillRange, splitCreatedRange, splitRange, type CreatedRange } from './createdRange';

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

describe('splitCreatedRange', () => {
  it('refuses when fewer than two seconds are left below the cursor', () => {
    expect(splitCreatedRange({ gte: 10, lt: 20 }, 10)).toBeNull();
    expect(splitCreatedRange({ gte: 10, lt: 20 }, 11)).toBeNull();
  });

  it('splits at a second boundary strictly below the cursor second', () => {
    expect(splitCreatedRange({ gte: 10, lt: 20 }, 15)).toEqual({ keep: { gte: 12, lt: 20 }, rest: { gte: 10, lt: 12 } });
    expect(splitCreatedRange({ gte: 10, lt: 20 }, 12)).toEqual({ keep: { gte: 11, lt: 20 }, rest: { gte: 10, lt: 11 } });
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
                const parts = splitCreatedRange(segment, last.created);
                if (parts) {
                  segment = parts.keep;
                  queue.push(parts.rest);
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
