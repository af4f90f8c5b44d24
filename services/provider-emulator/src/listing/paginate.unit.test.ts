import { indexBounds, paginate, type IndexedSpace } from './paginate';

/** A space of `size` items whose created is `createdOf(i)`. */
function space(size: number, createdOf: (i: number) => number = (i) => 1000 + i, deleted: Set<number> = new Set()): IndexedSpace {
  return { size, createdAt: createdOf, isListed: (i) => !deleted.has(i) };
}

function all(s: IndexedSpace) {
  return { low: 0, high: s.size };
}

describe('paginate', () => {
  it('returns newest first and has_more=false when exactly `limit` items exist', () => {
    const s = space(100);
    const page = paginate(s, all(s), { limit: 100 });
    expect(page.indexes).toHaveLength(100);
    expect(page.indexes[0]).toBe(99);
    expect(page.indexes[99]).toBe(0);
    expect(page.hasMore).toBe(false);
  });

  it('says has_more with 101 items, and the next page holds the last one', () => {
    const s = space(101);
    const first = paginate(s, all(s), { limit: 100 });
    expect(first.hasMore).toBe(true);
    expect(first.indexes[99]).toBe(1);
    const second = paginate(s, all(s), { limit: 100, after: 1 });
    expect(second).toEqual({ indexes: [0], hasMore: false });
  });

  it('returns an empty page for an empty space or past the last item', () => {
    expect(paginate(space(0), { low: 0, high: 0 }, { limit: 10 })).toEqual({ indexes: [], hasMore: false });
    const s = space(5);
    expect(paginate(s, all(s), { limit: 10, after: 0 })).toEqual({ indexes: [], hasMore: false });
  });

  it('pages backwards with ending_before: the newer items closest to the cursor, newest first', () => {
    const s = space(10);
    expect(paginate(s, all(s), { limit: 3, before: 4 })).toEqual({ indexes: [7, 6, 5], hasMore: true });
    expect(paginate(s, all(s), { limit: 3, before: 6 })).toEqual({ indexes: [9, 8, 7], hasMore: false });
    expect(paginate(s, all(s), { limit: 3, before: 9 })).toEqual({ indexes: [], hasMore: false });
  });

  it('skips deleted items without shortening the page', () => {
    const s = space(10, undefined, new Set([9, 7]));
    expect(paginate(s, all(s), { limit: 3 })).toEqual({ indexes: [8, 6, 5], hasMore: true });
    const tail = space(3, undefined, new Set([0]));
    expect(paginate(tail, all(tail), { limit: 2 })).toEqual({ indexes: [2, 1], hasMore: false });
  });

  it('applies filters and keeps looking for one more match to decide has_more', () => {
    const s = space(20);
    const even = (i: number) => i % 2 === 0;
    expect(paginate(s, all(s), { limit: 3 }, even)).toEqual({ indexes: [18, 16, 14], hasMore: true });
    expect(paginate(s, all(s), { limit: 3, after: 4 }, even)).toEqual({ indexes: [2, 0], hasMore: false });
  });
});

describe('indexBounds', () => {
  // created: 1000, 1000, 1001, 1001, 1002, …: two objects per second, ties included.
  const s = space(10, (i) => 1000 + Math.floor(i / 2));

  it('treats gt/lt as exclusive and gte/lte as inclusive', () => {
    expect(indexBounds(s, { gte: 1001 })).toEqual({ low: 2, high: 10 });
    expect(indexBounds(s, { gt: 1001 })).toEqual({ low: 4, high: 10 });
    expect(indexBounds(s, { lte: 1001 })).toEqual({ low: 0, high: 4 });
    expect(indexBounds(s, { lt: 1001 })).toEqual({ low: 0, high: 2 });
    expect(indexBounds(s, { gte: 1001, lte: 1001 })).toEqual({ low: 2, high: 4 });
  });

  it('gives an empty range when the bounds cross or fall outside', () => {
    const crossing = indexBounds(s, { gt: 1003, lt: 1001 });
    expect(crossing.high - crossing.low).toBe(0);
    expect(indexBounds(s, { gt: 2000 })).toEqual({ low: 10, high: 10 });
  });

  it('cuts at a retention start', () => {
    expect(indexBounds(s, {}, 1003)).toEqual({ low: 6, high: 10 });
  });
});
