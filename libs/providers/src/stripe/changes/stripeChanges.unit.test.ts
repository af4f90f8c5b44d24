import type { ChangeCursor } from '../../contract/changes';
import { createStripeChanges, EVENT_OVERLAP_S } from './stripeChanges';

const changes = createStripeChanges({ lookBackS: 300 });

describe("Stripe's change cursor", () => {
  it('starts a loaded table at its run’s frozen bound, less the clocks’ overlap, as plain JSON', () => {
    const frozenAt = new Date('2026-11-28T12:00:00.500Z');
    const cursor = changes.start({ frozenAt });
    expect(cursor).toEqual({ createdGte: Math.floor(frozenAt.getTime() / 1000) - EVENT_OVERLAP_S });
    expect(JSON.parse(JSON.stringify(cursor))).toEqual(cursor);
  });

  it('is settled until an event was seen, and again once the look-back behind the newest one was read late enough', () => {
    const now = new Date();
    expect(changes.settled({ createdGte: 1_000 }, now)).toBe(true);
    expect(changes.settled({ after: 'evt_1', recent: null }, now)).toBe(true);
    const recent = { newest: 10_000, ids: { evt_1: 10_000 } };
    expect(changes.settled({ after: 'evt_1', recent }, now)).toBe(false);
    expect(changes.settled({ after: 'evt_1', recent: { ...recent, lookedBackAt: 10_100 } }, now)).toBe(false);
    expect(changes.settled({ after: 'evt_1', recent: { ...recent, lookedBackAt: 10_000 + 300 + 60 } }, now)).toBe(true);
    expect(createStripeChanges({ lookBackS: 0 }).settled({ after: 'evt_1', recent }, now)).toBe(true);
  });

  it('refuses what is not one of its cursors, saying what it got', () => {
    const bads: ChangeCursor[] = [null, 'evt_1', [], {}, { after: '' }, { createdGte: 1.5 }];
    for (const bad of bads) {
      expect(() => changes.settled(bad, new Date())).toThrow(`not a Stripe change cursor: ${JSON.stringify(bad)}`);
    }
  });
});
