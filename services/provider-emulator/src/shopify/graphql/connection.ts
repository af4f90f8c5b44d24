import { matchesTerms, parseSearchQuery } from './searchQuery';
import { shopifyGraphqlError } from './shopifyGraphqlError';

/** Shopify's page size limit for `first`/`last` ("Pagination: 250"). */
export const MAX_PAGE_SIZE = 250;

export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  reverse?: boolean | null;
  sortKey?: string | null;
  query?: string | null;
}

/** An item of a connection: its view, and what sorting and filtering read. */
export interface ConnectionItem {
  id: number;
  createdAt: number;
  updatedAt: number;
  view: unknown;
}

interface Cursor {
  last_id: number;
  last_value: string | number;
}

/** Shopify's cursors are base64 JSON `{last_id, last_value}`; opaque to clients all the same. */
function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64');
}

function decodeCursor(text: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as Cursor;
    if (typeof cursor.last_id === 'number') return cursor;
  } catch {
    // answered below
  }
  throw shopifyGraphqlError(`Invalid cursor for current pagination sort.`, 'BAD_USER_INPUT');
}

function sortValue(item: ConnectionItem, sortKey: string): number {
  if (sortKey === 'UPDATED_AT') return item.updatedAt;
  if (sortKey === 'CREATED_AT') return item.createdAt;
  return item.id;
}

function compare(a: [number, number], b: [number, number]): number {
  return a[0] - b[0] || a[1] - b[1];
}

/**
 * A page of a connection as Shopify answers it: `edges{cursor,node}`, `nodes`, `pageInfo`,
 * sorted by `sortKey` (ID, UPDATED_AT, CREATED_AT; ties by id) and `reverse`, filtered by the
 * `query:` dates. `all` (bulk operations) ignores the page size and returns every item.
 */
export function connection(items: ConnectionItem[], args: ConnectionArgs, all = false): Record<string, unknown> {
  const { first, last } = args;
  if (!all) {
    if (first == null && last == null) throw shopifyGraphqlError('you must provide one of first or last', 'BAD_USER_INPUT');
    if (first != null && last != null) throw shopifyGraphqlError('providing both first and last is not supported', 'BAD_USER_INPUT');
    const size = first ?? last ?? 0;
    if (size < 0 || size > MAX_PAGE_SIZE)
      throw shopifyGraphqlError(
        `The ${first != null ? 'first' : 'last'} argument must be between 0 and ${MAX_PAGE_SIZE}.`,
        'BAD_USER_INPUT',
      );
  }
  const sortKey = args.sortKey ?? 'ID';
  const { terms } = parseSearchQuery(args.query ?? undefined);
  const keyOf = (item: ConnectionItem): [number, number] => [sortValue(item, sortKey), item.id];
  let sorted = items
    .filter((item) => matchesTerms(terms, { updated_at: item.updatedAt, created_at: item.createdAt }))
    .sort((a, b) => compare(keyOf(a), keyOf(b)));
  if (args.reverse) sorted.reverse();
  const direction = args.reverse ? -1 : 1;
  const position = (text: string): [number, number] => {
    const cursor = decodeCursor(text);
    return [Number(cursor.last_value), cursor.last_id];
  };
  if (args.after) {
    const after = position(args.after);
    sorted = sorted.filter((item) => direction * compare(keyOf(item), after) > 0);
  }
  const beforeAll = sorted.length;
  if (args.before) {
    const before = position(args.before);
    sorted = sorted.filter((item) => direction * compare(keyOf(item), before) < 0);
  }
  let page = sorted;
  let hasNextPage = false;
  let hasPreviousPage = Boolean(args.after);
  if (!all && first != null) {
    page = sorted.slice(0, first);
    hasNextPage = sorted.length > first || (Boolean(args.before) && beforeAll > sorted.length);
  } else if (!all && last != null) {
    page = sorted.slice(Math.max(0, sorted.length - last));
    hasPreviousPage = sorted.length > last;
    hasNextPage = Boolean(args.before);
  }
  const cursorOf = (item: ConnectionItem) => encodeCursor({ last_id: item.id, last_value: sortValue(item, sortKey) });
  const edges = page.map((item) => ({ cursor: cursorOf(item), node: item.view }));
  return {
    edges,
    nodes: page.map((item) => item.view),
    pageInfo: {
      hasNextPage,
      hasPreviousPage,
      startCursor: page.length > 0 ? cursorOf(page[0]!) : null,
      endCursor: page.length > 0 ? cursorOf(page[page.length - 1]!) : null,
    },
  };
}
