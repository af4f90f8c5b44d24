import type { CatalogResource } from '../catalog';
import type { AccountReader, Page } from '../connector';

/** No provider object is older than this (2010-01-01): where the search for the oldest starts. */
export const EARLIEST_CREATED = 1_262_304_000;

const DAY = 86_400;

export interface OldestSearch {
  /** A lower bound of the oldest object's `created`, at most `precisionSeconds` below it. */
  lowerBound: number;
  /** List requests the search cost (each with limit=1). */
  requests: number;
}

/**
 * Where a resource's history begins, from the provider's own data. Stripe lists newest first and
 * has no "oldest first" order, and an account's `created` bounds nothing (a connected account's is
 * the connection time; some accounts have none). So: a binary search over `created` with
 * one-object pages. A page `created[gte]=lo&created[lt]=mid&limit=1` answers whether anything is
 * older than `mid`, and its one object (the newest such) tightens the upper end at once. About
 * log2(span / precision) requests: 12–13 for anything from a month to ten years at one day.
 *
 * `knownAt` is the `created` of an object known to exist (the oldest of the first page read).
 * `hint` (the account's `created`) is tried first: when nothing is older, it is the bound, for one
 * request. That is the common case of an account that owns its data; a connected account's history
 * usually predates it, and the search goes on below it. `hintProbe` is that first request sent
 * earlier (probeBeforeHint with the same floor and hint), beside the first page, so the plan does
 * not wait for it after the page.
 */
export async function findOldestCreated(
  reader: AccountReader,
  resource: string | CatalogResource,
  knownAt: number,
  options: { floor?: number; precisionSeconds?: number; hint?: number; hintProbe?: Promise<Page> } = {},
): Promise<OldestSearch> {
  const precision = Math.max(1, options.precisionSeconds ?? DAY);
  // Invariant: no object was created in [floor, lo); at least one was created in [lo, hi).
  let lo = Math.min(options.floor ?? EARLIEST_CREATED, knownAt);
  let hi = knownAt + 1;
  let requests = 0;
  const { hint } = options;
  if (hint !== undefined && hint > lo && hint < knownAt) {
    const page = await (options.hintProbe && lo === options.floor ? options.hintProbe : probeBeforeHint(reader, resource, lo, hint));
    requests += 1;
    const newest = page.objects[0]?.created;
    if (typeof newest !== 'number') return { lowerBound: hint, requests };
    hi = newest + 1;
  }
  while (hi - lo > precision) {
    const mid = lo + Math.floor((hi - lo) / 2);
    const page = await reader.fetchPage(resource, { createdGte: lo, createdLt: mid, limit: 1, completeLists: false });
    requests += 1;
    const newest = page.objects[0]?.created;
    if (typeof newest === 'number') hi = newest + 1;
    else lo = mid;
  }
  return { lowerBound: lo, requests };
}

/** The search's first request: the newest object older than `hint` (and not older than `floor`), if any. */
export function probeBeforeHint(reader: AccountReader, resource: string | CatalogResource, floor: number, hint: number): Promise<Page> {
  return reader.fetchPage(resource, { createdGte: floor, createdLt: hint, limit: 1, completeLists: false });
}
