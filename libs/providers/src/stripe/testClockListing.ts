import type { CatalogResource } from '../catalog';
import type { ListPagesOptions, Page, ProviderWarning } from '../connector';
import { InsufficientPermissionError, ProviderRequestError } from '../errors';
import { parseList } from './listBody';
import { encodeQuery } from './query';
import type { Requester } from './requester';

const CLOCKS = '/v1/test_helpers/test_clocks';

/**
 * In test mode Stripe leaves customers and subscriptions attached to a test clock out of their
 * lists unless the request names the clock (https://docs.stripe.com/api/customers/list#list_customers-test_clock).
 * The resources whose catalog entry has the `test_clock` filter are therefore read as one stream
 * after another over the same `created` range: the plain list, then each clock's list, oldest
 * clock first. A cursor names its stream: a plain id, or `<clock id>/<object id>`, so a segment
 * resumes where it stood, in whichever stream.
 */
export function readsTestClocks(resource: CatalogResource, livemode: boolean, options: ListPagesOptions): boolean {
  // A request naming the clock or the customer already lists the clock's objects.
  const named = options.filters?.test_clock !== undefined || options.filters?.customer !== undefined;
  return !livemode && !named && resource.listFilters.includes('test_clock');
}

function parseCursor(cursor: string | undefined): { clock: string | null; after: string | undefined } {
  if (cursor === undefined) return { clock: null, after: undefined };
  const slash = cursor.indexOf('/');
  if (slash < 0) return { clock: null, after: cursor };
  return { clock: cursor.slice(0, slash), after: cursor.slice(slash + 1) || undefined };
}

/** The account's test clock ids, oldest first: a clock created later joins the end of the walk. */
export async function listTestClocks(requester: Requester): Promise<string[]> {
  const clocks: { id: string; created: number }[] = [];
  let after: string | undefined;
  for (;;) {
    const response = await requester.get(CLOCKS, CLOCKS, encodeQuery({ limit: 100, starting_after: after }));
    const { data, hasMore } = parseList(response.body);
    for (const clock of data) clocks.push({ id: clock.id, created: typeof clock.created === 'number' ? clock.created : 0 });
    const last = data[data.length - 1];
    if (!hasMore || !last) break;
    after = last.id;
  }
  return clocks.sort((a, b) => a.created - b.created || a.id.localeCompare(b.id)).map((c) => c.id);
}

/** The clocks to walk, and why none are walked when the listing was refused. */
export interface TestClocks {
  ids: string[];
  warning?: ProviderWarning;
}

/**
 * The account's test clocks, or none with a warning when Stripe refuses the listing itself: a
 * restricted key without the test clock permission (403) or a server without the route (404).
 * The objects not on a clock are still readable, so losing the clocks' objects must not fail the
 * whole table. Other failures (network, 5xx, a revoked key) propagate as before.
 */
export async function listTestClocksOrSkip(requester: Requester): Promise<TestClocks> {
  try {
    return { ids: await listTestClocks(requester) };
  } catch (err) {
    const refusal = clockListingRefusal(err);
    if (!refusal) throw err;
    return { ids: [], warning: { code: 'test_clocks_unreadable', message: refusal } };
  }
}

function clockListingRefusal(err: unknown): string | undefined {
  if (err instanceof InsufficientPermissionError) {
    return 'objects attached to test clocks were not loaded: the key may not list test clocks (give the restricted key read access to Test clocks, then resync)';
  }
  if (err instanceof ProviderRequestError && err.status === 404) {
    return 'objects attached to test clocks were not loaded: the provider does not serve the test clock listing';
  }
  return undefined;
}

type FetchPage = (options: ListPagesOptions) => Promise<Page>;

/** One page of the streams, from the cursor's stream on; a page may end one stream and begin the next. */
export async function fetchPageWithClocks(fetch: FetchPage, options: ListPagesOptions, clocks: () => Promise<TestClocks>): Promise<Page> {
  const limit = options.limit ?? 100;
  let { clock, after } = parseCursor(options.startingAfter);
  const objects: Page['objects'] = [];
  let lastId: string | null = null;
  let lastCreated: number | null = null;
  let warning: ProviderWarning | undefined;
  for (;;) {
    const filters = clock === null ? options.filters : { ...options.filters, test_clock: clock };
    const page = await fetch({ ...options, limit: limit - objects.length, startingAfter: after, ...(filters ? { filters } : {}) });
    objects.push(...page.objects);
    if (page.lastId !== null) {
      lastId = clock === null ? page.lastId : `${clock}/${page.lastId}`;
      lastCreated = page.lastCreated;
    }
    const done = (hasMore: boolean): Page => ({
      objects,
      hasMore,
      lastId,
      lastCreated,
      fetchedAt: page.fetchedAt,
      ...(warning ? { warnings: [warning] } : {}),
    });
    if (page.hasMore) return done(true);
    const listed = await clocks();
    warning = listed.warning;
    const all = listed.ids;
    const next = clock === null ? all[0] : all[all.indexOf(clock) + 1];
    if (next === undefined) return done(false);
    // The page is full: the next call goes on from this page's last object (its stream then ends at once).
    if (objects.length >= limit) return done(true);
    clock = next;
    after = undefined;
  }
}
