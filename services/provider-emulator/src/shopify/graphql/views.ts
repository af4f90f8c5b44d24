import type { CustomerRecord, OrderRecord, ProductRecord, VariantRecord } from '../shop/records';
import type { Shop } from '../shop/shop';
import { connection, type ConnectionArgs, type ConnectionItem } from './connection';
import { gid } from './gid';
import type { GraphqlContext } from './graphqlContext';
import { dateTime, moneyBag, moneyV2, sumMoney } from './money';

// Views are plain objects graphql-js's default resolution reads: values, or functions of
// (args, context) for fields that take arguments or reach other records.

type Args = ConnectionArgs & { first?: number | null };

/** A list field with a `first` argument (Order.transactions, …): not a connection, just cut. */
const firstOf = <T>(items: T[], args: Args) => (args.first != null ? items.slice(0, args.first) : items);

/** Shopify's DateTimes have whole seconds: filters and sorting read what clients see. */
const seconds = (ms: number) => Math.floor(ms / 1000) * 1000;

const item = (record: { id: number; createdAt: number; updatedAt: number }, view: unknown): ConnectionItem => ({
  id: record.id,
  createdAt: seconds(record.createdAt),
  updatedAt: seconds(record.updatedAt),
  view,
});

export function customerView(shop: Shop, c: CustomerRecord): Record<string, unknown> {
  const currency = shop.spec.currency;
  const orders = [...shop.orders.values()].filter((o) => o.customerId === c.id);
  return {
    __typename: 'Customer',
    id: gid('Customer', c.id),
    legacyResourceId: String(c.id),
    firstName: c.firstName,
    lastName: c.lastName,
    displayName: `${c.firstName} ${c.lastName}`,
    email: c.email,
    defaultEmailAddress: { emailAddress: c.email, marketingState: 'NOT_SUBSCRIBED' },
    state: 'ENABLED',
    tags: c.tags,
    createdAt: dateTime(c.createdAt),
    updatedAt: dateTime(c.updatedAt),
    numberOfOrders: String(orders.length),
    amountSpent: moneyV2(sumMoney(orders.map(orderTotal)), currency),
  };
}

function variantView(shop: Shop, product: ProductRecord, v: VariantRecord): Record<string, unknown> {
  return {
    __typename: 'ProductVariant',
    id: gid('ProductVariant', v.id),
    legacyResourceId: String(v.id),
    title: v.title,
    displayName: `${product.title} - ${v.title}`,
    sku: v.sku,
    price: v.price,
    inventoryQuantity: v.inventoryQuantity,
    createdAt: dateTime(v.createdAt),
    updatedAt: dateTime(v.updatedAt),
    product: () => productView(shop, product),
  };
}

export function productView(shop: Shop, p: ProductRecord): Record<string, unknown> {
  return {
    __typename: 'Product',
    id: gid('Product', p.id),
    legacyResourceId: String(p.id),
    title: p.title,
    handle: p.handle,
    vendor: p.vendor,
    productType: p.productType,
    status: p.status,
    tags: p.tags,
    totalInventory: p.variants.reduce((sum, v) => sum + v.inventoryQuantity, 0),
    createdAt: dateTime(p.createdAt),
    updatedAt: dateTime(p.updatedAt),
    variants: (args: Args, ctx: GraphqlContext) =>
      connection(
        p.variants.map((v) => item(v, variantView(shop, p, v))),
        args,
        ctx.bulk,
      ),
  };
}

function orderTotal(o: OrderRecord): string {
  return sumMoney(o.lineItems.map((l) => (Number(l.unitPrice) * l.quantity).toFixed(2)));
}

export function orderView(shop: Shop, o: OrderRecord): Record<string, unknown> {
  const currency = shop.spec.currency;
  const total = orderTotal(o);
  const refunded = sumMoney(o.refunds.map((r) => r.amount));
  const current = sumMoney([total, `-${refunded}`]);
  return {
    __typename: 'Order',
    id: gid('Order', o.id),
    legacyResourceId: String(o.id),
    name: `#${o.number}`,
    email: o.email,
    createdAt: dateTime(o.createdAt),
    updatedAt: dateTime(o.updatedAt),
    processedAt: dateTime(o.createdAt),
    cancelledAt: o.cancelledAt === null ? null : dateTime(o.cancelledAt),
    closed: false,
    test: false,
    currencyCode: currency,
    presentmentCurrencyCode: currency,
    subtotalPriceSet: moneyBag(total, currency),
    totalPriceSet: moneyBag(total, currency),
    currentTotalPriceSet: moneyBag(current, currency),
    totalRefundedSet: moneyBag(refunded, currency),
    displayFinancialStatus: o.refunds.length > 0 ? 'PARTIALLY_REFUNDED' : 'PAID',
    displayFulfillmentStatus: o.fulfillments.length > 0 ? 'FULFILLED' : 'UNFULFILLED',
    customer: () => {
      const customer = o.customerId === null ? undefined : shop.customers.get(o.customerId);
      return customer ? customerView(shop, customer) : null;
    },
    lineItems: (args: Args, ctx: GraphqlContext) =>
      connection(
        o.lineItems.map((l) =>
          item(
            { id: l.id, createdAt: o.createdAt, updatedAt: o.updatedAt },
            {
              __typename: 'LineItem',
              id: gid('LineItem', l.id),
              name: l.title,
              title: l.title,
              sku: l.sku,
              quantity: l.quantity,
              originalUnitPriceSet: moneyBag(l.unitPrice, currency),
              originalTotalSet: moneyBag((Number(l.unitPrice) * l.quantity).toFixed(2), currency),
              product: () => {
                const product = shop.products.get(l.productId);
                return product ? productView(shop, product) : null;
              },
              variant: () => {
                const product = shop.products.get(l.productId);
                const variant = product?.variants.find((v) => v.id === l.variantId);
                return product && variant ? variantView(shop, product, variant) : null;
              },
            },
          ),
        ),
        args,
        ctx.bulk,
      ),
    transactions: (args: Args) =>
      firstOf(o.transactions, args).map((t) => ({
        __typename: 'OrderTransaction',
        id: gid('OrderTransaction', t.id),
        kind: t.kind,
        status: t.status,
        gateway: t.gateway,
        amountSet: moneyBag(t.amount, currency),
        createdAt: dateTime(t.createdAt),
        processedAt: dateTime(t.createdAt),
      })),
    refunds: (args: Args) =>
      firstOf(o.refunds, args).map((r) => ({
        __typename: 'Refund',
        id: gid('Refund', r.id),
        note: r.note,
        totalRefundedSet: moneyBag(r.amount, currency),
        createdAt: dateTime(r.createdAt),
        updatedAt: dateTime(r.createdAt),
      })),
    fulfillments: (args: Args) =>
      firstOf(o.fulfillments, args).map((f) => ({
        __typename: 'Fulfillment',
        id: gid('Fulfillment', f.id),
        status: f.status,
        createdAt: dateTime(f.createdAt),
        updatedAt: dateTime(f.createdAt),
        trackingInfo: [],
      })),
  };
}

export const connectionItem = item;
