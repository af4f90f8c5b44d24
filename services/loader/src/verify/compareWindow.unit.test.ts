import { sameContent, type StoredState } from '@datasync/destinations';
import { compareWindow, type ListedObject } from './compareWindow';

const at = 1_000_000;
const listed = (id: string, extra: Record<string, unknown> = {}): [string, ListedObject] => [
  id,
  { object: { id, amount: 1, ...extra }, fetchedAt: at },
];
const stored = (id: string, sourceTs: number, data: Record<string, unknown> | null, deleted = false): [string, StoredState] => [
  id,
  { sourceTs, deleted, holds: (object) => sameContent(data, object) },
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
