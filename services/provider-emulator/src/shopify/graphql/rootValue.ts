import { cancelBulkOperation, bulkOperationView, runBulkQuery } from '../bulk/bulkOperations';
import type { Shop } from '../shop/shop';
import { SHOP_PLANS } from '../shop/shopPlan';
import { connection, type ConnectionArgs } from './connection';
import { gid, parseGid } from './gid';
import type { GraphqlContext } from './graphqlContext';
import { dateTime } from './money';
import { connectionItem, customerView, orderView, productView } from './views';

type Args = ConnectionArgs & { id?: string; ids?: string[]; subjectTypes?: string[] | null; query?: string | null; groupObjects?: boolean };

function shopView(shop: Shop): Record<string, unknown> {
  const { spec } = shop;
  const plan = SHOP_PLANS[spec.plan];
  return {
    __typename: 'Shop',
    id: gid('Shop', Math.abs(spec.domain.split('').reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7))),
    name: spec.name,
    email: `owner@${spec.domain}`,
    myshopifyDomain: spec.domain,
    currencyCode: spec.currency,
    ianaTimezone: spec.timezone,
    createdAt: dateTime(spec.createdAt),
    primaryDomain: { __typename: 'Domain', id: gid('Domain', 1), host: spec.domain, url: `https://${spec.domain}`, sslEnabled: true },
    plan: { displayName: plan.displayName, publicDisplayName: plan.displayName, partnerDevelopment: false, shopifyPlus: plan.shopifyPlus },
  };
}

/** Any record by GID (`node`, `order(id:)`, …); null when it does not exist, as Shopify answers. */
function nodeOf(shop: Shop, id: string): Record<string, unknown> | null {
  const parsed = parseGid(id);
  if (!parsed) return null;
  if (parsed.type === 'Order') {
    const order = shop.orders.get(parsed.id);
    return order ? orderView(shop, order) : null;
  }
  if (parsed.type === 'Customer') {
    const customer = shop.customers.get(parsed.id);
    return customer ? customerView(shop, customer) : null;
  }
  if (parsed.type === 'Product') {
    const product = shop.products.get(parsed.id);
    return product ? productView(shop, product) : null;
  }
  if (parsed.type === 'BulkOperation') {
    const op = shop.bulkOperations.find((o) => o.id === parsed.id);
    return op ? bulkOperationView(shop, op) : null;
  }
  return null;
}

/** The root of queries and mutations the emulator resolves; other root fields answer null or an error. */
export function rootValue(shop: Shop): Record<string, unknown> {
  return {
    shop: () => shopView(shop),
    orders: (args: Args, ctx: GraphqlContext) =>
      connection(
        [...shop.orders.values()].map((o) => connectionItem(o, orderView(shop, o))),
        args,
        ctx.bulk,
      ),
    customers: (args: Args, ctx: GraphqlContext) =>
      connection(
        [...shop.customers.values()].map((c) => connectionItem(c, customerView(shop, c))),
        args,
        ctx.bulk,
      ),
    products: (args: Args, ctx: GraphqlContext) =>
      connection(
        [...shop.products.values()].map((p) => connectionItem(p, productView(shop, p))),
        args,
        ctx.bulk,
      ),
    // Shopify keeps deletion events for products and collections only; the emulator has no collections.
    deletionEvents: (args: Args, ctx: GraphqlContext) =>
      connection(
        shop.deletionEvents
          .filter((e) => !args.subjectTypes || args.subjectTypes.includes(e.subjectType))
          .map((e) =>
            connectionItem(
              { id: e.subjectId, createdAt: e.occurredAt, updatedAt: e.occurredAt },
              { subjectId: gid('Product', e.subjectId), subjectType: e.subjectType, occurredAt: dateTime(e.occurredAt) },
            ),
          ),
        { ...args, sortKey: args.sortKey === 'CREATED_AT' ? 'CREATED_AT' : args.sortKey },
        ctx.bulk,
      ),
    order: (args: Args) => (args.id && parseGid(args.id)?.type === 'Order' ? nodeOf(shop, args.id) : null),
    customer: (args: Args) => (args.id && parseGid(args.id)?.type === 'Customer' ? nodeOf(shop, args.id) : null),
    product: (args: Args) => (args.id && parseGid(args.id)?.type === 'Product' ? nodeOf(shop, args.id) : null),
    bulkOperation: (args: Args) => (args.id && parseGid(args.id)?.type === 'BulkOperation' ? nodeOf(shop, args.id) : null),
    node: (args: Args) => (args.id ? nodeOf(shop, args.id) : null),
    nodes: (args: Args) => (args.ids ?? []).map((id) => nodeOf(shop, id)),
    currentBulkOperation: (_args: Args, ctx: GraphqlContext) => {
      const latest = shop.bulkOperations.filter((op) => op.app === ctx.app).pop();
      return latest ? bulkOperationView(shop, latest) : null;
    },
    bulkOperationRunQuery: (args: Args & { query: string }, ctx: GraphqlContext) => runBulkQuery(ctx, args.query),
    bulkOperationCancel: (args: Args) => {
      const parsed = args.id ? parseGid(args.id) : undefined;
      const op = parsed?.type === 'BulkOperation' ? shop.bulkOperations.find((o) => o.id === parsed.id) : undefined;
      if (!op) return { bulkOperation: null, userErrors: [{ field: ['id'], message: 'Bulk operation does not exist' }] };
      cancelBulkOperation(shop, op);
      return { bulkOperation: bulkOperationView(shop, op), userErrors: [] };
    },
  };
}
