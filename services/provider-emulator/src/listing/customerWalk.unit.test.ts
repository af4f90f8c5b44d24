import fc from 'fast-check';
import { customerWalk } from './customerWalk';

// The walk must visit exactly the indexes a full scan would consider: the progression
// customer, customer + C, … below the generated count, plus every overlay index.
function expected(customer: number, customers: number, generated: number, overlay: number[], low: number, high: number): number[] {
  const out = new Set<number>();
  if (customer < customers) for (let i = customer; i < generated; i += customers) out.add(i);
  for (const i of overlay) out.add(i);
  return [...out].filter((i) => i >= low && i <= high).sort((a, b) => a - b);
}

describe('customerWalk', () => {
  it('visits the progression and the overlay, in both directions, within bounds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.nat({ max: 25 }),
        fc.nat({ max: 120 }),
        fc.uniqueArray(fc.nat({ max: 150 }), { maxLength: 8 }),
        fc.nat({ max: 150 }),
        fc.nat({ max: 150 }),
        (customers, customer, generated, overlayRaw, a, b) => {
          const overlay = [...overlayRaw].sort((x, y) => x - y);
          const [low, high] = a <= b ? [a, b] : [b, a];
          const walk = customerWalk(customer, customers, generated, overlay);
          const want = expected(customer, customers, generated, overlay, low, high);
          expect([...walk.ascending(low, high)]).toEqual(want);
          expect([...walk.descending(high, low)]).toEqual([...want].reverse());
        },
      ),
    );
  });

  it('visits only the overlay for a customer that is not generated', () => {
    const walk = customerWalk(undefined, 10, 100, [3, 120]);
    expect([...walk.descending(200, 0)]).toEqual([120, 3]);
  });
});
