import type { ProviderEvent } from '../../connector';
import { RecentEvents } from './recentEvents';

const event = (id: string, created: number): ProviderEvent => ({
  id,
  type: 'charge.updated',
  created,
  resource: 'charges',
  objectId: 'ch_1',
  object: { id: 'ch_1' },
  deleted: false,
  pinnedShape: true,
});

describe('RecentEvents', () => {
  it('lets through only events not applied yet', () => {
    const recent = new RecentEvents(null);
    expect(recent.windowStart(300)).toBeNull();
    recent.add([event('evt_a', 1_000), event('evt_b', 1_010)]);
    expect(recent.unseen([event('evt_b', 1_010), event('evt_late', 1_005)]).map((e) => e.id)).toEqual(['evt_late']);
    expect(recent.windowStart(300)).toBe(710);
  });

  it('keeps only the ids within the window behind the newest event, and reads back what it stored', () => {
    const recent = new RecentEvents(null);
    recent.add([event('evt_old', 100), event('evt_edge', 700), event('evt_new', 1_000)]);
    const json = recent.toJson(300);
    expect(json).toEqual({ newest: 1_000, ids: { evt_new: 1_000, evt_edge: 700 } });
    const again = new RecentEvents(json);
    expect(again.unseen([event('evt_old', 100), event('evt_edge', 700)]).map((e) => e.id)).toEqual(['evt_old']);
    expect(again.windowStart(300)).toBe(700);
  });

  it('reads the look-back window again until a read came a window and a margin after the newest event', () => {
    const recent = new RecentEvents(null);
    expect(recent.lookBackDue(300)).toBe(false);
    recent.add([event('evt_a', 1_000)]);
    expect(recent.lookBackDue(300)).toBe(true);
    recent.lookedBackAt = 1_200;
    expect(recent.lookBackDue(300)).toBe(true);
    recent.lookedBackAt = 1_360;
    expect(recent.lookBackDue(300)).toBe(false);
    expect(new RecentEvents(recent.toJson(300)).lookBackDue(300)).toBe(false);
    // A newer event moves the window: due again.
    recent.add([event('evt_b', 1_400)]);
    expect(recent.lookBackDue(300)).toBe(true);
    // No look-back at all when it is turned off.
    expect(recent.lookBackDue(0)).toBe(false);
  });
});
