import { getResource, type CatalogResource } from '../catalog';
import type { ListPagesOptions, Page } from '../connector';
import { ProviderRequestError } from '../errors';
import { completeAll } from './embeddedLists';
import { keepItemTexts, parseList } from './listBody';
import { encodeQuery, type QueryValue } from './query';
import type { Requester } from './requester';

export function resolveResource(resource: string | CatalogResource): CatalogResource {
  return typeof resource === 'string' ? getResource('stripe', resource) : resource;
}

/** Query of one list request over a `created` range. */
export function listQuery(resource: CatalogResource, options: ListPagesOptions): string {
  const created: Record<string, number> = {};
  if (options.createdGte !== undefined) created.gte = options.createdGte;
  if (options.createdLt !== undefined) created.lt = options.createdLt;
  const params: Record<string, QueryValue | undefined> = {
    ...resource.fullListParams,
    ...options.filters,
    limit: options.limit ?? 100,
    starting_after: options.startingAfter,
    created: Object.keys(created).length ? created : undefined,
  };
  return encodeQuery(params);
}

export async function fetchPage(requester: Requester, resource: CatalogResource, options: ListPagesOptions): Promise<Page> {
  const response = await requester.get(resource.endpoint, resource.endpoint, listQuery(resource, options));
  const fetchedAt = requester.now?.() ?? new Date();
  const { data, hasMore } = parseList(response.body);
  keepItemTexts(response.body, data);
  const last = data[data.length - 1];
  return {
    objects: options.completeLists === false ? data : await completeAll(requester, data),
    hasMore,
    lastId: last?.id ?? null,
    lastCreated: typeof last?.created === 'number' ? last.created : null,
    fetchedAt,
  };
}

function isCursorGone(err: unknown, cursor: string | undefined): boolean {
  return (
    err instanceof ProviderRequestError &&
    cursor !== undefined &&
    (err.param === 'starting_after' || (err.code === 'resource_missing' && err.message.includes(cursor)))
  );
}

/**
 * Pages until has_more is false. If the object a page ended on is deleted before the next
 * request (Stripe then refuses the cursor), paging restarts at that object's second, skipping the
 * ids of that second already returned, so nothing is skipped or repeated.
 */
export async function* listPages(
  requester: Requester,
  resource: CatalogResource,
  options: ListPagesOptions,
  fetch: (options: ListPagesOptions) => Promise<Page> = (o) => fetchPage(requester, resource, o),
): AsyncIterableIterator<Page> {
  let current: ListPagesOptions = { ...options };
  let seenInLastSecond = new Set<string>();
  let lastCreated: number | null = null;
  for (;;) {
    let page: Page;
    try {
      page = await fetch(current);
    } catch (err) {
      if (lastCreated === null || !isCursorGone(err, current.startingAfter)) throw err;
      const { startingAfter: _gone, ...rest } = current;
      current = { ...rest, createdLt: lastCreated + 1 };
      const refetched = await fetch(current);
      page = withoutSeen(refetched, seenInLastSecond);
    }
    for (const object of page.objects) {
      if (object.created !== lastCreated) seenInLastSecond = new Set();
      lastCreated = typeof object.created === 'number' ? object.created : lastCreated;
      seenInLastSecond.add(object.id);
    }
    if (page.objects.length > 0 || !page.hasMore) yield page;
    if (!page.hasMore || page.lastId === null) return;
    current = { ...current, startingAfter: page.lastId };
  }
}

function withoutSeen(page: Page, seen: Set<string>): Page {
  const objects = page.objects.filter((o) => !seen.has(o.id));
  return { ...page, objects };
}
