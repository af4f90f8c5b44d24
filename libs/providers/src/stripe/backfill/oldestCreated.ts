import type { CatalogResource } from '../../catalog';
import type { AccountReader, Page } from '../../connector';

/** No provider object is older than this (2010-01-01): where the search for the oldest starts. */
export const EARLIEST_CREATED = 1_262_304_000;

const DAY = 86_400;

export interface OldestSearch {
  /** A lower bound of the oldest object's `created`, at most `precisionSeconds` below it. */
  lowerBound: number;
  /** List requests the search cost (each with limit=1). */
  requests: number;
  /** Rounds of requests it waited for, one after another (a round's requests go out at once). */
  rounds: number;
}

/**
 * Where a resource's history begins, from the provider's own data. Stripe lists newest first and
 * has no "oldest first" order, and an account's `created` bounds nothing (a connected account's is
 * the connection time; some accounts have none). So: a binary search over `created` with
 * one-object pages. A page `created[gte]=lo&created[lt]=mid&limit=1` answers whether anything is
 * older than `mid`, and its one object (the newest such) tightens the upper end at once. About
 * log2(span / precision) requests: 12–13 for anything from a month to ten years at one day, one
 * after another. With `probesPerRound` k, each round sends k such requests at once and cuts the
 * range into k + 1: log(k+1) of it rounds (4–5 at k = 7 for ten years), k requests each, so the
 * search waits a third as long on the provider, for budget that would idle meanwhile.
 *
 * `knownAt` is the `created` of an object known to exist (the oldest of the first page read).
 * `hint` (the account's `created`) is tried first: when nothing is older, it is the bound, for one
 * request. That is the common case of an account that owns its data; a connected account's history
 * usually predates it, and the search goes on below it. `hintProbe` is that first request sent
 * earlier (newestBefore the hint, from the same floor), beside the first page, so the plan does
 * not wait for it after the page.
 */
export async function findOldestCreated(
  reader: AccountReader,
  resource: string | CatalogResource,
  knownAt: number,
  options: { floor?: number; precisionSeconds?: number; hint?: number; hintProbe?: Promise<Page>; probesPerRound?: number } = {},
): Promise<OldestSearch> {
  const precision = Math.max(1, options.precisionSeconds ?? DAY);
  // Invariant: no object was created in [floor, lo); at least one was created in [lo, hi).
  let lo = Math.min(options.floor ?? EARLIEST_CREATED, knownAt);
  let hi = knownAt + 1;
  let requests = 0;
  let rounds = 0;
  const { hint } = options;
  if (hint !== undefined && hint > lo && hint < knownAt) {
    const page = await (options.hintProbe && lo === options.floor ? options.hintProbe : newestBefore(reader, resource, lo, hint));
    requests += 1;
    rounds += 1;
    const newest = page.objects[0]?.created;
    if (typeof newest !== 'number') return { lowerBound: hint, requests, rounds };
    hi = newest + 1;
  }
  const probes = Math.max(1, Math.floor(options.probesPerRound ?? 1));
  while (hi - lo > precision) {
    // k probes cut [lo, hi) into k + 1 parts at once; the nested ranges [lo, mark) answer
    // consistently: empty ones raise lo to their mark, the others lower hi to their newest + 1.
    const marks = [...new Set(Array.from({ length: probes }, (_, i) => lo + Math.floor(((hi - lo) * (i + 1)) / (probes + 1))))].filter(
      (mark) => mark > lo && mark < hi,
    );
    const pages = await Promise.all(marks.map((mark) => newestBefore(reader, resource, lo, mark)));
    requests += marks.length;
    rounds += 1;
    let [nextLo, nextHi] = [lo, hi];
    marks.forEach((mark, i) => {
      const newest = pages[i]?.objects[0]?.created;
      if (typeof newest === 'number') nextHi = Math.min(nextHi, newest + 1);
      else nextLo = Math.max(nextLo, mark);
    });
    [lo, hi] = [nextLo, nextHi];
  }
  return { lowerBound: lo, requests, rounds };
}

/** A one-object page: the newest object created in [floor, before), if any; the search's probe. */
export function newestBefore(reader: AccountReader, resource: string | CatalogResource, floor: number, before: number): Promise<Page> {
  return reader.fetchPage(resource, { createdGte: floor, createdLt: before, limit: 1, completeLists: false });
}
