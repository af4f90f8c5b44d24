import { ProviderRequestError } from '../../errors';
import { changeCursorAt, nextCursor, parseChangeCursor, searchBody, type ChangeCursor, type SearchBody } from './changeCursor';

const page = (n: number, ms: (i: number) => number, firstId = 1) =>
  Array.from({ length: n }, (_, i) => ({ id: String(firstId + i), modifiedMs: ms(i) }));

describe('the change cursor', () => {
  it('asks for records after its time, by modification time, up to the upper bound', () => {
    const body = searchBody(changeCursorAt(1000), 'hs_lastmodifieddate', ['a'], 5000);
    expect(body.filterGroups).toEqual([
      {
        filters: [
          { propertyName: 'hs_lastmodifieddate', operator: 'GT', value: '999' },
          { propertyName: 'hs_lastmodifieddate', operator: 'LTE', value: '5000' },
        ],
      },
    ]);
    expect(body.sorts).toEqual([{ propertyName: 'hs_lastmodifieddate', direction: 'ASCENDING' }]);
    expect(body.after).toBe('0');
  });

  it('reads one instant by id ranges when a full page ends on it', () => {
    const start = changeCursorAt(1000);
    const full = nextCursor(
      start,
      page(200, (i) => (i < 150 ? 1000 : 2000)),
      9000,
    );
    expect(full).toEqual({ cursor: { v: 1, ts: 2000, afterId: '0' }, done: false });
    const body = searchBody(full.cursor, 'lastmodifieddate', [], 9000);
    expect(body.filterGroups[0]?.filters).toEqual([
      { propertyName: 'lastmodifieddate', operator: 'EQ', value: '2000' },
      { propertyName: 'hs_object_id', operator: 'GT', value: '0' },
    ]);
    expect(body.sorts).toEqual([{ propertyName: 'hs_object_id', direction: 'ASCENDING' }]);
    const sameFull = nextCursor(
      full.cursor,
      page(200, () => 2000, 501),
      9000,
    );
    expect(sameFull.cursor).toEqual({ v: 1, ts: 2000, afterId: '700' });
    const sameEnd = nextCursor(
      sameFull.cursor,
      page(3, () => 2000, 701),
      9000,
    );
    expect(sameEnd).toEqual({ cursor: { v: 1, ts: 2000, afterId: null }, done: false });
  });

  it('stops at the upper bound once a page is not full', () => {
    expect(
      nextCursor(
        changeCursorAt(1000),
        page(5, () => 3000),
        9000,
      ),
    ).toEqual({ cursor: { v: 1, ts: 9000, afterId: null }, done: true });
  });

  it('refuses a cursor it did not write, with a clear error', () => {
    for (const bad of [null, {}, { v: 2, ts: 1, afterId: null }, { v: 1, ts: 'x', afterId: null }, { v: 1, ts: 1, afterId: 'abc' }]) {
      expect(() => parseChangeCursor(bad)).toThrow(ProviderRequestError);
    }
    expect(parseChangeCursor(JSON.parse(JSON.stringify(changeCursorAt(5))))).toEqual(changeCursorAt(5));
  });
});

/**
 * HubSpot's search as documented: filters, one sort, at most 10,000 results per query, and no
 * promise about the order of ties (here: the worst, reversed ids).
 */
function fakeSearch(records: { id: number; ms: number }[], body: SearchBody): { id: string; modifiedMs: number }[] {
  const matches = records.filter((r) =>
    body.filterGroups[0]!.filters.every((f) => {
      const value = f.propertyName === 'hs_object_id' ? r.id : r.ms;
      const operand = Number(f.value);
      return f.operator === 'EQ' ? value === operand : f.operator === 'GT' ? value > operand : value <= operand;
    }),
  );
  const byId = body.sorts[0]?.propertyName === 'hs_object_id';
  matches.sort((a, b) => (byId ? a.id - b.id : a.ms - b.ms || b.id - a.id));
  if (Number(body.after) >= 10_000) throw new Error('400: past 10,000 results');
  return matches.slice(Number(body.after), Number(body.after) + body.limit).map((r) => ({ id: String(r.id), modifiedMs: r.ms }));
}

it('reads every record when 25,000 share one timestamp and ties come in any order', () => {
  const records = [
    ...Array.from({ length: 300 }, (_, i) => ({ id: i + 1, ms: 1000 + i })),
    ...Array.from({ length: 25_000 }, (_, i) => ({ id: 1000 + i, ms: 5000 })),
    ...Array.from({ length: 300 }, (_, i) => ({ id: 40_000 + i, ms: 6000 + i })),
  ];
  const seen = new Set<string>();
  let cursor: ChangeCursor = changeCursorAt(0);
  for (let pages = 0; ; pages++) {
    if (pages > 1000) throw new Error('no progress');
    const results = fakeSearch(records, searchBody(cursor, 'm', [], 10_000));
    for (const r of results) seen.add(r.id);
    const next = nextCursor(cursor, results, 10_000);
    cursor = next.cursor;
    if (next.done) break;
  }
  expect(seen.size).toBe(records.length);
});
