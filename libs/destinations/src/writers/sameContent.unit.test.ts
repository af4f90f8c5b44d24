import { contentDigest } from './contentDigest';
import { sameContent } from './sameContent';

// Both answer "same content?": sameContent for databases, digests for blob destinations.
const same = (a: unknown, b: unknown): boolean => {
  const answer = sameContent(a, b);
  expect(contentDigest(a) === contentDigest(b)).toBe(answer);
  expect(sameContent(b, a)).toBe(answer);
  return answer;
};

it('finds objects the same whatever their key order, at any depth', () => {
  expect(same({ a: 1, b: { c: [1, { d: 2, e: 'x' }] } }, { b: { c: [1, { e: 'x', d: 2 }] }, a: 1 })).toBe(true);
  expect(same({ 'odd "key"\n': 'v', plain: null }, { plain: null, 'odd "key"\n': 'v' })).toBe(true);
});

it('counts a property set to undefined as absent, as JSON text does', () => {
  expect(same({ a: 1, b: undefined }, { a: 1 })).toBe(true);
  expect(same({ a: 1, b: undefined }, { a: 1, c: undefined })).toBe(true);
});

it('tells apart what JSON tells apart', () => {
  expect(same({ a: 1 }, { a: 1, b: null })).toBe(false);
  expect(same({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false);
  expect(same([1, 2], [2, 1])).toBe(false);
  expect(same([1, 2], [1, 2, 3])).toBe(false);
  expect(same({ a: '1' }, { a: 1 })).toBe(false);
  expect(same({ a: 0 }, { a: false })).toBe(false);
  expect(same({ a: null }, { a: {} })).toBe(false);
  expect(same({ a: [] }, { a: {} })).toBe(false);
  expect(same({ a: { '0': 'x' } }, { a: ['x'] })).toBe(false);
  expect(same({ a: 'x"' }, { a: 'x\\"' })).toBe(false);
  expect(same({ a: { b: { c: 1 } } }, { a: { b: { c: 2 } } })).toBe(false);
});

it('agrees with the digest on objects shaped like provider objects', () => {
  const charge = (amount: number, refunded: boolean) => ({
    id: 'ch_1',
    object: 'charge',
    amount,
    metadata: { order: '42' },
    refunds: { object: 'list', data: refunded ? [{ id: 're_1', amount }] : [], has_more: false },
    billing_details: { address: { city: 'Paris', line2: null } },
  });
  expect(same(charge(100, true), reversedKeys(charge(100, true)))).toBe(true);
  expect(same(charge(100, true), reversedKeys(charge(100, false)))).toBe(false);
  expect(same(charge(100, true), reversedKeys(charge(101, true)))).toBe(false);
});

/** The value with every object's keys in reverse order, as a database may hand it back. */
function reversedKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(reversedKeys);
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversedKeys(v)]),
  );
}
