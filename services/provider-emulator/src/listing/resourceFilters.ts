import { field, fieldAt } from '../kit/json';
import type { ResourceName } from '../generators/resourceNames';
import type { CreatedRange, FilterKind, FilterValue } from './listParams';

export interface FilterDefinition {
  kind: FilterKind;
  /** Whether the object passes; `value` has the kind's type (checked by the parser). */
  matches(object: object, value: FilterValue): boolean;
}

/** An expandable reference's id, whether it holds the id or the expanded object. */
function refId(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? field(value, 'id') : value;
}

function inRange(value: unknown, range: CreatedRange): boolean {
  if (typeof value !== 'number') return false;
  return (
    (range.gt === undefined || value > range.gt) &&
    (range.gte === undefined || value >= range.gte) &&
    (range.lt === undefined || value < range.lt) &&
    (range.lte === undefined || value <= range.lte)
  );
}

function isRange(value: FilterValue): value is CreatedRange {
  return typeof value === 'object' && !Array.isArray(value);
}

const equals = (path: string): FilterDefinition => ({ kind: 'string', matches: (o, v) => refId(fieldAt(o, path)) === v });
const flag = (path: string): FilterDefinition => ({ kind: 'boolean', matches: (o, v) => fieldAt(o, path) === v });
const range = (path: string): FilterDefinition => ({ kind: 'range', matches: (o, v) => isRange(v) && inRange(fieldAt(o, path), v) });
const oneOf = (path: string): FilterDefinition => ({
  kind: 'strings',
  matches: (o, v) => Array.isArray(v) && v.includes(String(fieldAt(o, path))),
});

const subscriptionStatus: FilterDefinition = {
  kind: 'string',
  matches: (o, v) => {
    const status = field(o, 'status');
    if (v === 'all') return true;
    if (v === 'ended') return status === 'canceled' || status === 'incomplete_expired';
    return status === v;
  },
};

const subscriptionPrice: FilterDefinition = {
  kind: 'string',
  matches: (o, v) => {
    const items = fieldAt(o, 'items.data');
    return Array.isArray(items) && items.some((item) => refId(field(item, 'price')) === v);
  },
};

/**
 * What each list filter of the catalog (`listFilters`) means, per resource. A catalog filter
 * missing here is answered 400 rather than ignored (see filtersOf).
 */
export const resourceFilters: Readonly<Record<ResourceName, Readonly<Record<string, FilterDefinition>>>> = {
  charges: { customer: equals('customer'), payment_intent: equals('payment_intent'), transfer_group: equals('transfer_group') },
  refunds: { charge: equals('charge'), payment_intent: equals('payment_intent') },
  payment_intents: { customer: equals('customer') },
  disputes: { charge: equals('charge'), payment_intent: equals('payment_intent') },
  customers: { email: equals('email'), test_clock: equals('test_clock') },
  invoices: {
    customer: equals('customer'),
    subscription: equals('parent.subscription_details.subscription'),
    status: equals('status'),
    collection_method: equals('collection_method'),
    due_date: range('due_date'),
  },
  subscriptions: {
    customer: equals('customer'),
    price: subscriptionPrice,
    status: subscriptionStatus,
    collection_method: equals('collection_method'),
    test_clock: equals('test_clock'),
  },
  products: { active: flag('active'), shippable: flag('shippable'), type: equals('type'), ids: oneOf('id'), url: equals('url') },
  prices: {
    product: equals('product'),
    active: flag('active'),
    currency: equals('currency'),
    type: equals('type'),
    lookup_keys: oneOf('lookup_key'),
  },
  coupons: {},
  balance_transactions: { source: equals('source'), type: equals('type'), currency: equals('currency') },
  payouts: { status: equals('status'), destination: equals('destination'), arrival_date: range('arrival_date') },
};

// Objects attached to a test clock are left out of their list unless the request names the clock
// (or, for subscriptions, the customer): https://docs.stripe.com/api/customers/list#list_customers-test_clock
const offTheClock = (o: object) => field(o, 'test_clock') === null || field(o, 'test_clock') === undefined;

/**
 * Filters a resource applies when the request names none: Stripe lists subscriptions without
 * the canceled ones unless `status` says otherwise, and customers and subscriptions without those
 * of test clocks.
 */
export const defaultFilters: Partial<Record<ResourceName, (object: object, filters: ReadonlyMap<string, FilterValue>) => boolean>> = {
  customers: (o, filters) => filters.has('test_clock') || offTheClock(o),
  subscriptions: (o, filters) =>
    (filters.has('status') || field(o, 'status') !== 'canceled') &&
    (filters.has('test_clock') || filters.has('customer') || offTheClock(o)),
};
