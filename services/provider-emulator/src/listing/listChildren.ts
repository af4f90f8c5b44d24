import { field } from '../kit/json';
import { stripeErrors } from '../http/stripeErrors';
import type { EmulatorAccount } from '../state/account';
import { listJson } from './listJson';
import { parseListParams, type FilterKind } from './listParams';

/** A list URL that serves the whole of an embedded list (see generators/embeddedList). */
export interface ChildList {
  /** Express path of the list. */
  path: string;
  /** The parent resource and its list field. */
  parent: 'invoices' | 'subscriptions';
  field: string;
  /** The object name of the items, for error messages. */
  itemObject: string;
  /** Where the parent id is: a path parameter (`:id`) or a required query parameter. */
  parentIn: { param: string } | { query: string };
}

export const childLists: readonly ChildList[] = [
  // https://docs.stripe.com/api/invoices/invoice_lines
  { path: '/v1/invoices/:id/lines', parent: 'invoices', field: 'lines', itemObject: 'line_item', parentIn: { param: 'id' } },
  // https://docs.stripe.com/api/subscription_items/list (`subscription` is required)
  {
    path: '/v1/subscription_items',
    parent: 'subscriptions',
    field: 'items',
    itemObject: 'subscription_item',
    parentIn: { query: 'subscription' },
  },
];

/**
 * One page of an embedded list's items, in the parent's order, paged by item id with
 * `starting_after` / `ending_before` like any Stripe list. The `url` of the page is the request's.
 */
export function listChildren(account: EmulatorAccount, list: ChildList, parentId: string | undefined, query: unknown, url: string): Buffer {
  const kinds = new Map<string, FilterKind>('query' in list.parentIn ? [[list.parentIn.query, 'string']] : []);
  const params = parseListParams(query, kinds);
  const parentKey = 'query' in list.parentIn ? list.parentIn.query : list.parentIn.param;
  const id = 'query' in list.parentIn ? params.filters.get(list.parentIn.query) : parentId;
  if (typeof id !== 'string') throw stripeErrors.invalidValue(parentKey, `Missing required param: ${parentKey}.`);
  const store = account.store(list.parent);
  const index = store?.indexOf(id);
  if (!store || index === undefined || store.isDeleted(index))
    throw stripeErrors.resourceMissing(store?.resource.object ?? list.parent, id, parentKey);
  const items = store.childrenAt(index, list.field) ?? [];
  const position = (cursor: string, param: string): number => {
    const at = items.findIndex((item) => field(item, 'id') === cursor);
    if (at < 0) throw stripeErrors.resourceMissing(list.itemObject, cursor, param, 400);
    return at;
  };
  let from = 0;
  let to = items.length;
  if (params.startingAfter !== undefined) from = position(params.startingAfter, 'starting_after') + 1;
  if (params.endingBefore !== undefined) {
    to = position(params.endingBefore, 'ending_before');
    from = Math.max(0, to - params.limit);
  }
  const page = items.slice(from, Math.min(to, from + params.limit));
  const hasMore = params.endingBefore !== undefined ? from > 0 : from + page.length < items.length;
  return listJson(
    page.map((item) => JSON.stringify(item)),
    hasMore,
    url,
  );
}
