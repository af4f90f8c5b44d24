import { firstIndexAtOrAfter } from '../core/timeline';
import type { CreatedRange } from './listParams';

/** Anything listable by index: positions ordered by `created`, some of them not listed (deleted). */
export interface IndexedSpace {
  readonly size: number;
  createdAt(index: number): number;
  isListed(index: number): boolean;
}

/** The order in which candidate indexes are visited; the plain walk visits every index. */
export interface IndexWalk {
  /** From `high` down to `low`, both inclusive. */
  descending(high: number, low: number): Iterable<number>;
  /** From `low` up to `high`, both inclusive. */
  ascending(low: number, high: number): Iterable<number>;
}

export const everyIndex: IndexWalk = {
  *descending(high, low) {
    for (let i = high; i >= low; i--) yield i;
  },
  *ascending(low, high) {
    for (let i = low; i <= high; i++) yield i;
  },
};

/** [low, high): the indexes whose `created` satisfies every bound of the range. */
export function indexBounds(space: IndexedSpace, range: CreatedRange, notBefore?: number): { low: number; high: number } {
  const at = (t: number) => firstIndexAtOrAfter(space.size, (i) => space.createdAt(i), t);
  let low = 0;
  let high = space.size;
  if (range.gte !== undefined) low = Math.max(low, at(range.gte));
  if (range.gt !== undefined) low = Math.max(low, at(range.gt + 1));
  if (notBefore !== undefined) low = Math.max(low, at(notBefore));
  if (range.lte !== undefined) high = Math.min(high, at(range.lte + 1));
  if (range.lt !== undefined) high = Math.min(high, at(range.lt));
  return { low, high: Math.max(low, high) };
}

export interface PageRequest {
  limit: number;
  /** Index of the `starting_after` object: the page holds older ones. */
  after?: number;
  /** Index of the `ending_before` object: the page holds the newer ones closest to it. */
  before?: number;
}

/**
 * One page of indexes, newest first, as Stripe pages: `has_more` tells whether more items exist
 * in the direction of travel. Indexes rather than items, so that the caller can write the JSON
 * of unfiltered pages without building objects twice. Cost is O(limit) when nothing is filtered
 * out; `accept` (filters) may make it scan further.
 */
export function paginate(
  space: IndexedSpace,
  bounds: { low: number; high: number },
  page: PageRequest,
  accept?: (index: number) => boolean,
  walk: IndexWalk = everyIndex,
): { indexes: number[]; hasMore: boolean } {
  const indexes: number[] = [];
  const ascending = page.before !== undefined;
  const candidates = ascending
    ? walk.ascending(Math.max(bounds.low, (page.before ?? -1) + 1), bounds.high - 1)
    : walk.descending(Math.min(bounds.high, page.after ?? bounds.high) - 1, bounds.low);
  let hasMore = false;
  for (const index of candidates) {
    if (!space.isListed(index) || (accept && !accept(index))) continue;
    if (indexes.length === page.limit) {
      hasMore = true;
      break;
    }
    indexes.push(index);
  }
  if (ascending) indexes.reverse();
  return { indexes, hasMore };
}
