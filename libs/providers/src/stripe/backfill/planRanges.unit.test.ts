import { planSplit } from './planRanges';

const base = { pageSize: 100, pagesPerSegment: 50, maxSegments: 32 };

describe('planSplit', () => {
  it('keeps one segment when the estimate is small', () => {
    // 100 rows over the last 10 s of a 1,000 s history: ~10,000 rows, 100 pages → 2 segments.
    expect(planSplit({ ...base, lower: 0, upper: 1_000, headRows: 100, cursorCreated: 990, pagesPerSegment: 200 })).toEqual({
      seg0Gte: 0,
      others: [],
    });
  });

  it('splits the rest into contiguous segments below the cursor, segment 0 keeping the cursor second', () => {
    const plan = planSplit({ ...base, lower: 0, upper: 1_000, headRows: 100, cursorCreated: 990 });
    expect(plan.others.length + 1).toBe(2);
    expect(plan.seg0Gte).toBeLessThanOrEqual(990);
    expect(plan.seg0Gte).toBeGreaterThan(0);
    // The others tile [lower, seg0Gte) without gap or overlap.
    let at = 0;
    for (const range of plan.others) {
      expect(range.gte).toBe(at);
      expect(range.lt).toBeGreaterThan(range.gte);
      at = range.lt;
    }
    expect(at).toBe(plan.seg0Gte);
  });

  it('caps the number of segments', () => {
    const plan = planSplit({ ...base, lower: 0, upper: 10_000_000, headRows: 100, cursorCreated: 9_999_999 });
    expect(plan.others).toHaveLength(31);
  });

  it('does not split when the head reached the lower bound, read nothing, or has no created', () => {
    expect(planSplit({ ...base, lower: 500, upper: 1_000, headRows: 100, cursorCreated: 500 })).toEqual({ seg0Gte: 500, others: [] });
    expect(planSplit({ ...base, lower: 0, upper: 1_000, headRows: 0, cursorCreated: 900 })).toEqual({ seg0Gte: 0, others: [] });
    expect(planSplit({ ...base, lower: 0, upper: 1_000, headRows: 100, cursorCreated: null })).toEqual({ seg0Gte: 0, others: [] });
  });

  it('never leaves segment 0 without its cursor second when the history is dense in one second', () => {
    // Everything in the last second: the cursor is at upper - 1 and the rest is narrow.
    const plan = planSplit({ ...base, lower: 990, upper: 1_000, headRows: 100, cursorCreated: 999 });
    expect(plan.seg0Gte).toBeLessThanOrEqual(999);
    expect(plan.others.every((r) => r.lt <= plan.seg0Gte && r.gte >= 990)).toBe(true);
  });
});
