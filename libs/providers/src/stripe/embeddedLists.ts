import type { ProviderObject } from '../connector';
import { ProviderRequestError } from '../errors';
import { isProviderObject, parseList } from './listBody';
import { encodeQuery } from './query';
import type { Requester } from './requester';

// Objects of one page completed at once: each needs a request or two, and the budget paces them.
const CONCURRENCY = 4;

interface EmbeddedList {
  object: 'list';
  data: ProviderObject[];
  has_more: boolean;
  url: string;
}

function isTruncatedList(value: unknown): value is EmbeddedList {
  if (typeof value !== 'object' || value === null) return false;
  const list = value as Partial<EmbeddedList>;
  return list.object === 'list' && list.has_more === true && typeof list.url === 'string' && Array.isArray(list.data);
}

/** The budget's endpoint of a list URL: ids replaced (`/v1/invoices/:id/lines`), no query. */
export function endpointOf(path: string): string {
  return path
    .split('/')
    .map((part) => (/^[a-z]{2,5}_[A-Za-z0-9]{8,}$/.test(part) ? ':id' : part))
    .join('/');
}

/**
 * Stripe embeds child lists (an invoice's `lines`, a subscription's `items`) holding only their
 * first page, with `has_more` and the `url` listing them all
 * (https://docs.stripe.com/api/invoices/object#invoice_object-lines). A row must hold the whole
 * list, so every truncated top-level list is read to its end from its URL (every request spends
 * the account's budget) and stored with `has_more: false`.
 */
export async function completeLists<T extends Record<string, unknown>>(requester: Requester, object: T): Promise<T> {
  let completed: Record<string, unknown> | undefined;
  for (const [field, value] of Object.entries(object)) {
    if (!isTruncatedList(value)) continue;
    completed ??= { ...object };
    completed[field] = { ...value, data: await readRest(requester, value), has_more: false };
  }
  return (completed as T | undefined) ?? object;
}

async function readRest(requester: Requester, list: EmbeddedList): Promise<ProviderObject[]> {
  const [path = '', query = ''] = list.url.split('?', 2);
  if (!path.startsWith('/v1/'))
    throw new ProviderRequestError(`an embedded list has an unexpected url ${list.url}`, 'unexpected_response', 200);
  const endpoint = endpointOf(path);
  const items = [...list.data];
  let hasMore = true;
  while (hasMore) {
    const last = items[items.length - 1];
    if (!last || !isProviderObject(last)) break;
    const page = encodeQuery({ limit: 100, starting_after: last.id });
    const response = await requester.get(endpoint, path, query ? `${query}&${page}` : page);
    const parsed = parseList(response.body);
    items.push(...parsed.data);
    hasMore = parsed.hasMore && parsed.data.length > 0;
  }
  return items;
}

// Runs for every listed object: a loop over its fields, not Object.values' array of them.
function hasTruncatedList(object: Record<string, unknown>): boolean {
  for (const field in object) if (isTruncatedList(object[field])) return true;
  return false;
}

/** Completes the embedded lists of many objects, a few at a time, keeping their order. */
export async function completeAll(requester: Requester, objects: readonly ProviderObject[]): Promise<ProviderObject[]> {
  const out = [...objects];
  const pending = objects.map((object, i) => [object, i] as const).filter(([object]) => hasTruncatedList(object));
  for (let next = 0; next < pending.length; next += CONCURRENCY) {
    await Promise.all(
      pending.slice(next, next + CONCURRENCY).map(async ([object, i]) => {
        out[i] = await completeLists(requester, object);
      }),
    );
  }
  return out;
}
