import { contentDigest, type StoredState } from '@datasync/destinations';
import { compareWindow, type ListedObject } from './compareWindow';

const at = 1_000_000;
const listed = (id: string, extra: Record<string, unknown> = {}): [string, ListedObject] => [
  id,
  { object: { id, amount: 1, ...extra }, fetchedAt: at },
];
const stored = (id: string, sourceTs: number, data: Record<string, unknown> | null, deleted = false): [string, StoredState] => [
  id,
  { sourceTs, deleted, digest: contentDigest(data) },
];

it('sorts each difference into its kind and leaves rows written after the listing alone', () => {
  const drift = compareWindow(
    new Map([
      listed('same'),
      listed('missing'),
      listed('tombstoned'),
      listed('changed', { amount: 2 }),
      listed('newer', { amount: 2 }),
      listed('stale', { updated: (at - 500) / 1000 + 1 }),
    ]),
    new Map([
      stored('same', at - 10, { amount: 1, id: 'same' }),
      stored('tombstoned', at - 10, null, true),
      stored('changed', at - 10, { id: 'changed', amount: 1 }),
      stored('newer', at + 10, { id: 'newer', amount: 1 }),
      stored('stale', at - 1_000_000, { id: 'stale', amount: 1, updated: (at - 500) / 1000 + 1 }),
    ]),
    new Map([
      ['same', at - 10],
      ['gone', at - 10],
      ['written-after', at + 5],
    ]),
    at,
  );
  expect(drift.missing.map((m) => m.object.id)).toEqual(['missing', 'tombstoned']);
  expect(drift.changed.map((m) => m.object.id)).toEqual(['changed']);
  expect(drift.stale.map((m) => m.object.id)).toEqual(['stale']);
  expect(drift.removed).toEqual(['gone']);
});

it('digests JSON whatever the key order', () => {
  expect(contentDigest({ a: 1, b: { c: [1, { d: 2 }] } })).toBe(contentDigest({ b: { c: [1, { d: 2 }] }, a: 1 }));
  expect(contentDigest({ a: 1 })).not.toBe(contentDigest({ a: 1, b: null }));
  expect(contentDigest([1, 2])).not.toBe(contentDigest([2, 1]));
});
