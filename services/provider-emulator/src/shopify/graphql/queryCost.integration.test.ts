import { startTestShopifyEmulator, type AdminShop, type TestShopifyEmulator } from '../testing/testShopifyEmulator';

let emulator: TestShopifyEmulator;
let shop: AdminShop;

beforeAll(async () => {
  emulator = await startTestShopifyEmulator();
  shop = await emulator.createShop({ name: 'costs', customers: 5, products: 3, orders: 0 });
  // The bucket refills on the shop's clock: frozen, it refills only when the test moves it.
  await emulator.call('POST', `/_emulator/shopify/shops/${shop.domain}/clock`, { body: { frozen: true } });
});

afterAll(async () => {
  await emulator.close();
});

const ask = (query: string) => emulator.graphql(shop.domain, shop.admin_token, query);

describe('calculated query cost and the leaky bucket', () => {
  it('costs a connection 2 plus first times a node, and refunds what was not returned', async () => {
    const result = await ask('{ customers(first: 50) { edges { node { id email } } pageInfo { hasNextPage } } }');
    expect(result.body.extensions.cost).toEqual({
      requestedQueryCost: 52,
      actualQueryCost: 7, // 2 + the 5 customers the shop has
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1993, restoreRate: 100 },
    });
  });

  it('multiplies nested connections and counts objects 1 and scalars 0', async () => {
    const result = await ask('{ shop { name } products(first: 10) { nodes { id variants(first: 5) { nodes { id price } } } } }');
    // shop 1; products 2 + 10 × (1 + variants (2 + 5 × 1)) = 82
    expect(result.body.extensions.cost.requestedQueryCost).toBe(83);
  });

  it('refuses a single query above 1,000 points with MAX_COST_EXCEEDED', async () => {
    const result = await ask('{ products(first: 250) { nodes { id variants(first: 250) { nodes { id } } } } }');
    expect(result.body.data).toBeUndefined();
    expect(result.body.errors[0].extensions).toMatchObject({ code: 'MAX_COST_EXCEEDED', maxCost: 1000 });
  });

  it('answers THROTTLED when the bucket cannot pay, and serves again once it has refilled', async () => {
    await emulator.call('POST', `/_emulator/shopify/shops/${shop.domain}/settings`, { body: { drain_bucket: 'admin' } });
    const throttled = await ask('{ customers(first: 50) { nodes { id } } }');
    expect(throttled.status).toBe(200);
    expect(throttled.body.data).toBeUndefined();
    expect(throttled.body.errors).toEqual([{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: expect.any(String) } }]);
    expect(throttled.body.extensions.cost).toMatchObject({
      requestedQueryCost: 52,
      actualQueryCost: null,
      throttleStatus: { currentlyAvailable: 0 },
    });

    // Half a second restores 50 points at 100 a second: still short of 52.
    await emulator.call('POST', `/_emulator/shopify/shops/${shop.domain}/clock`, { body: { advance_seconds: 0.5 } });
    expect((await ask('{ customers(first: 50) { nodes { id } } }')).body.errors[0].extensions.code).toBe('THROTTLED');

    await emulator.call('POST', `/_emulator/shopify/shops/${shop.domain}/clock`, { body: { advance_seconds: 0.1 } });
    const served = await ask('{ customers(first: 50) { nodes { id } } }');
    expect(served.body.errors).toBeUndefined();
    expect(served.body.data.customers.nodes).toHaveLength(5);
    // 60 restored, 52 taken, 45 refunded (actual 7).
    expect(served.body.extensions.cost.throttleStatus.currentlyAvailable).toBe(53);
  });

  it('answers THROTTLED with 429 when the shop is set to, as some clients report it', async () => {
    await emulator.call('POST', `/_emulator/shopify/shops/${shop.domain}/settings`, {
      body: { drain_bucket: 'admin', throttled_status: 429 },
    });
    const throttled = await ask('{ customers(first: 50) { nodes { id } } }');
    expect(throttled.status).toBe(429);
    expect(throttled.body.errors[0].extensions.code).toBe('THROTTLED');
  });
});
