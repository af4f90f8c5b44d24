import fc from 'fast-check';
import { MAX_GENERATED, Timeline, firstIndexAtOrAfter } from './timeline';

describe('Timeline', () => {
  it('is monotone, starts at start and never passes end', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 400_000_000 }),
        fc.integer({ min: 1, max: MAX_GENERATED }),
        fc.nat(),
        (start, span, count, pick) => {
          const timeline = new Timeline(start, start + span, count);
          const i = pick % count;
          expect(timeline.createdAt(0)).toBe(start);
          expect(timeline.createdAt(count - 1)).toBeLessThanOrEqual(start + span);
          if (i > 0) expect(timeline.createdAt(i)).toBeGreaterThanOrEqual(timeline.createdAt(i - 1));
          expect(Number.isInteger(timeline.createdAt(i))).toBe(true);
        },
      ),
    );
  });

  it('spreads a million objects a year over distinct seconds', () => {
    const timeline = new Timeline(0, 365 * 86_400, 1_000_000);
    expect(timeline.createdAt(1) - timeline.createdAt(0)).toBe(31);
    expect(new Set([0, 1, 2, 3].map((i) => timeline.createdAt(i))).size).toBe(4);
  });

  it('refuses counts past the exact-arithmetic bound', () => {
    expect(() => new Timeline(0, 10, MAX_GENERATED + 1)).toThrow('invalid object count');
    expect(() => new Timeline(10, 0, 1)).toThrow('invalid timeline bounds');
  });
});

describe('firstIndexAtOrAfter', () => {
  it('agrees with a linear scan', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 60 }), fc.integer({ min: -5, max: 60 }), (steps, at) => {
        const created: number[] = [];
        for (const step of steps) created.push((created[created.length - 1] ?? 0) + (step % 3));
        const expected = created.findIndex((c) => c >= at);
        expect(firstIndexAtOrAfter(created.length, (i) => created[i] ?? 0, at)).toBe(expected === -1 ? created.length : expected);
      }),
    );
  });
});
