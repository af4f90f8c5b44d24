import { startTestShopifyEmulator, type AdminShop, type TestShopifyEmulator } from '../testing/testShopifyEmulator';

let emulator: TestShopifyEmulator;
let shop: AdminShop;

beforeAll(async () => {
  emulator = await startTestShopifyEmulator();
  shop = await emulator.createShop({ name: 'queries', customers: 30, products: 20, orders: 57 });
});

afterAll(async () => {
  await emulator.close();
});

const ask = (query: string, variables?: Record<string, unknown>) => emulator.graphql(shop.domain, shop.admin_token, query, variables);

describe('GraphQL against Shopify’s Admin schema', () => {
  it('refuses a field the real schema does not have, in Shopify’s words, and charges nothing', async () => {
    const result = await ask('{ shop { name favouriteColour } }');
    expect(result.status).toBe(200);
    expect(result.body.data).toBeUndefined();
    expect(result.body.errors[0]).toMatchObject({
      message: "Field 'favouriteColour' doesn't exist on type 'Shop'",
      extensions: { code: 'undefinedField', typeName: 'Shop', fieldName: 'favouriteColour' },
    });
  });

  it('answers a real field with the shop, and the API version header', async () => {
    const result = await ask('{ shop { name myshopifyDomain currencyCode plan { publicDisplayName } } }');
    expect(result.headers.get('x-shopify-api-version')).toBe('2026-10');
    expect(result.body.data.shop).toEqual({
      name: 'queries',
      myshopifyDomain: shop.domain,
      currencyCode: 'USD',
      plan: { publicDisplayName: 'Basic' },
    });
  });

  it('refuses a request without a valid access token with Shopify’s 401', async () => {
    const result = await emulator.graphql(shop.domain, 'shpat_wrong', '{ shop { name } }');
    expect(result.status).toBe(401);
    expect(result.body.errors).toContain('Invalid API key or access token');
  });

  it('answers a body without a query, or one that is not JSON, with a 400 naming the query', async () => {
    const path = `/shops/${shop.domain}/admin/api/2026-10/graphql.json`;
    const headers = { 'x-shopify-access-token': shop.admin_token };
    const empty = await emulator.call('POST', path, { body: { variables: {} }, headers });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toContain('query');
    const broken = await emulator.call('POST', path, { body: '{"query": ', headers: { ...headers, 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    const syntax = await ask('{ shop { name }');
    expect(syntax.status).toBe(200);
    expect(syntax.body.errors[0].extensions.code).toBe('parseError');
  });

  it('pages orders to the end with first/after, GIDs, MoneyBag and nested line items', async () => {
    const query = `query($after: String) { orders(first: 10, after: $after) {
      edges { cursor node { id name totalPriceSet { shopMoney { amount currencyCode } }
        lineItems(first: 5) { nodes { id quantity originalUnitPriceSet { shopMoney { amount } } } }
        transactions(first: 5) { kind amountSet { shopMoney { amount } } } refunds { id } fulfillments { status } } }
      pageInfo { hasNextPage endCursor } } }`;
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const result = await ask(query, { after });
      expect(result.body.errors).toBeUndefined();
      const { edges, pageInfo } = result.body.data.orders;
      for (const edge of edges) seen.push(edge.node.id);
      pages += 1;
      if (!pageInfo.hasNextPage) break;
      after = pageInfo.endCursor;
    }
    expect(pages).toBe(6);
    expect(new Set(seen).size).toBe(57);
    expect(seen[0]).toMatch(/^gid:\/\/shopify\/Order\/\d+$/);
    const first = await ask(
      '{ orders(first: 1) { nodes { totalPriceSet { shopMoney { amount currencyCode } presentmentMoney { currencyCode } } lineItems(first: 1) { nodes { id } } } } }',
    );
    const order = first.body.data.orders.nodes[0];
    expect(order.totalPriceSet.shopMoney.amount).toMatch(/^\d+\.\d{2}$/);
    expect(order.totalPriceSet.shopMoney.currencyCode).toBe('USD');
    expect(order.lineItems.nodes[0].id).toMatch(/^gid:\/\/shopify\/LineItem\//);
  });

  it('filters on updated_at and sorts by UPDATED_AT', async () => {
    const all = await ask(
      '{ products(first: 100, sortKey: UPDATED_AT) { nodes { id updatedAt variants(first: 3) { nodes { id price } } } } }',
    );
    const nodes = all.body.data.products.nodes as { id: string; updatedAt: string }[];
    expect(nodes).toHaveLength(20);
    const times = nodes.map((n) => Date.parse(n.updatedAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const middle = nodes[10]!.updatedAt;
    const later = await ask(`{ products(first: 250, sortKey: UPDATED_AT, query: "updated_at:>'${middle}'") { nodes { id updatedAt } } }`);
    const laterNodes = later.body.data.products.nodes as { updatedAt: string }[];
    expect(laterNodes.length).toBeGreaterThan(0);
    expect(laterNodes.every((n) => Date.parse(n.updatedAt) > Date.parse(middle))).toBe(true);
    expect(laterNodes.length).toBe(nodes.filter((n) => Date.parse(n.updatedAt) > Date.parse(middle)).length);
  });

  it('refuses a page without first or last, and one above 250', async () => {
    const none = await ask('{ customers { nodes { id } } }');
    expect(none.body.errors[0].message).toBe('you must provide one of first or last');
    const big = await ask('{ customers(first: 251) { nodes { id } } }');
    expect(big.body.errors[0].message).toContain('250');
  });

  it('keeps deletion events for products, and has no such subject type for orders', async () => {
    const product = (await ask('{ products(first: 1) { nodes { id } } }')).body.data.products.nodes[0].id as string;
    const numeric = product.split('/').pop();
    expect((await emulator.call('DELETE', `/_emulator/shopify/shops/${shop.domain}/products/${numeric}`)).status).toBe(200);
    const events = await ask('{ deletionEvents(first: 10, subjectTypes: [PRODUCT]) { nodes { subjectId subjectType occurredAt } } }');
    expect(events.body.data.deletionEvents.nodes).toEqual([expect.objectContaining({ subjectId: product, subjectType: 'PRODUCT' })]);
    const orders = await ask('{ deletionEvents(first: 10, subjectTypes: [ORDER]) { nodes { subjectId } } }');
    expect(orders.body.errors[0].message).toContain('ORDER');
  });
});
