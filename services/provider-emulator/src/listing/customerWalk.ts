import type { IndexWalk } from './paginate';

/**
 * The candidate indexes of `customer=<c>`: generated objects of customer c are exactly
 * c, c + C, c + 2C… (relations.customerIndexOf), plus whatever the admin overlay created or
 * changed, whose customer can be anything. Both sequences are merged in order, so a page costs
 * O(limit) instead of a scan of the whole resource.
 */
export function customerWalk(
  customer: number | undefined,
  customers: number,
  generatedCount: number,
  overlay: readonly number[],
): IndexWalk {
  // A customer that is not one of the generated ones can only appear on overlay objects.
  if (customer === undefined || customer >= customers) return customerWalk(0, 1, 0, overlay);
  return {
    *descending(high, low) {
      const generatedTop = Math.min(high, generatedCount - 1);
      let next = generatedTop >= customer ? generatedTop - ((((generatedTop - customer) % customers) + customers) % customers) : -1;
      let o = overlay.length - 1;
      while (o >= 0 && (overlay[o] ?? -1) > high) o--;
      for (;;) {
        const fromOverlay = o >= 0 ? (overlay[o] ?? -1) : -1;
        const candidate = Math.max(next, fromOverlay);
        if (candidate < low || candidate < 0) return;
        yield candidate;
        if (candidate === next) next -= customers;
        if (candidate === fromOverlay) o--;
      }
    },
    *ascending(low, high) {
      const start = Math.max(low, 0);
      let next = start <= customer ? customer : start + ((((customer - start) % customers) + customers) % customers);
      let o = 0;
      while (o < overlay.length && (overlay[o] ?? Infinity) < start) o++;
      for (;;) {
        const generated = next < generatedCount ? next : Infinity;
        const fromOverlay = o < overlay.length ? (overlay[o] ?? Infinity) : Infinity;
        const candidate = Math.min(generated, fromOverlay);
        if (candidate > high || candidate === Infinity) return;
        yield candidate;
        if (candidate === generated) next += customers;
        if (candidate === fromOverlay) o++;
      }
    },
  };
}
