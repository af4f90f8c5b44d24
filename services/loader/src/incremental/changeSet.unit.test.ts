import type { ProviderEvent } from '@datasync/providers';
import { collapseEvents, decide } from './changeSet';

const event = (id: string, created: number, extra: Partial<ProviderEvent> = {}): ProviderEvent => ({
  id: `evt_${id}_${created}_${Math.random()}`,
  type: 'charge.updated',
  created,
  resource: 'charges',
  objectId: id,
  object: { id, object: 'charge', amount: created },
  deleted: false,
  pinnedShape: true,
  ...extra,
});

describe('collapseEvents', () => {
  it('keeps the latest state per object, whatever the order the events come in', () => {
    const changes = collapseEvents([event('ch_1', 102), event('ch_1', 100), event('ch_2', 101), event('ch_1', 101)], new Set(['charges']));
    expect(changes.map((c) => [c.id, c.created, c.object.amount, c.sameSecond]).sort()).toEqual([
      ['ch_1', 102, 102, false],
      ['ch_2', 101, 101, false],
    ]);
  });

  it('flags two changes of one object in its latest second, in either order', () => {
    const a = event('ch_1', 100);
    const b = event('ch_1', 100, { deleted: true });
    expect(collapseEvents([a, b], new Set(['charges']))[0]?.sameSecond).toBe(true);
    expect(collapseEvents([b, a], new Set(['charges']))[0]?.sameSecond).toBe(true);
    // An earlier second's pair does not make the later change ambiguous.
    expect(collapseEvents([a, b, event('ch_1', 101)], new Set(['charges']))[0]?.sameSecond).toBe(false);
  });

  it('ignores resources not loaded, events about nothing we know and objects without an id', () => {
    const other = event('cus_1', 100, { resource: 'customers' });
    const unknown = event('x', 100, { resource: null });
    const idless = event('x', 100, { type: 'invoice.upcoming', resource: 'invoices', objectId: null, object: { object: 'invoice' } });
    expect(collapseEvents([other, unknown, idless], new Set(['charges', 'invoices']))).toEqual([]);
  });

  it('carries whether the latest event has the pinned version’s shape', () => {
    const changes = collapseEvents([event('ch_1', 100), event('ch_1', 101, { pinnedShape: false })], new Set(['charges']));
    expect(changes.map((c) => c.pinnedShape)).toEqual([false]);
  });
});

describe('decide', () => {
  const margin = 2_000;
  it('writes over an older state or no row, refetches near the event second, skips a later read', () => {
    const change = { created: 100, sameSecond: false, pinnedShape: true };
    expect(decide(change, undefined, margin)).toBe('write');
    expect(decide(change, 99_999, margin)).toBe('write');
    expect(decide(change, 100_000, margin)).toBe('refetch');
    expect(decide(change, 102_999, margin)).toBe('refetch');
    expect(decide(change, 103_000, margin)).toBe('skip');
  });

  it('refetches an ambiguous pair unless the stored state is certainly newer', () => {
    expect(decide({ created: 100, sameSecond: true, pinnedShape: true }, undefined, margin)).toBe('refetch');
    expect(decide({ created: 100, sameSecond: true, pinnedShape: true }, 50_000, margin)).toBe('refetch');
    expect(decide({ created: 100, sameSecond: true, pinnedShape: true }, 500_000, margin)).toBe('skip');
  });

  it('refetches an object rendered in another API version unless the stored state is certainly newer', () => {
    expect(decide({ created: 100, sameSecond: false, pinnedShape: false }, undefined, margin)).toBe('refetch');
    expect(decide({ created: 100, sameSecond: false, pinnedShape: false }, 50_000, margin)).toBe('refetch');
    expect(decide({ created: 100, sameSecond: false, pinnedShape: false }, 500_000, margin)).toBe('skip');
  });
});
