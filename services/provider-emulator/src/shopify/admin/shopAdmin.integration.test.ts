import { startTestShopifyEmulator, type AdminShop, type TestShopifyEmulator } from '../testing/testShopifyEmulator';

let emulator: TestShopifyEmulator;
let shop: AdminShop;

beforeAll(async () => {
  emulator = await startTestShopifyEmulator();
  shop = await emulator.createShop({ name: 'admin', customers: 4, products: 2, orders: 3, plan: 'plus' });
  // Frozen: the bucket does not refill between a charge and its report.
  await emulator.call('POST', `/_emulator/shopify/shops/${shop.domain}/clock`, { body: { frozen: true } });
});

afterAll(async () => {
  await emulator.close();
});

const admin = (path: string, body?: unknown) =>
  emulator.call(body === undefined ? 'GET' : 'POST', `/_emulator/shopify/shops/${shop.domain}${path}`, { body });
const ask = (query: string) => emulator.graphql(shop.domain, shop.admin_token, query);

describe('the /_emulator/shopify admin API', () => {
  it('creates a filled shop on its plan, and refuses a bad body with a clear 400', async () => {
    expect(shop.counts).toMatchObject({ customers: 4, products: 2, orders: 3 });
    const cost = (await ask('{ shop { name } }')).body.extensions.cost;
    expect(cost.throttleStatus).toEqual({ maximumAvailable: 20000, currentlyAvailable: 19999, restoreRate: 1000 });
    const bad = await emulator.call('POST', '/_emulator/shopify/shops', { body: { name: 'Bad Name!' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('name');
    expect((await emulator.call('POST', '/_emulator/shopify/shops', { body: { name: 'admin' } })).status).toBe(409);
  });

  it('touching a record moves its updatedAt to the shop’s clock', async () => {
    const customer = (await ask('{ customers(first: 1) { nodes { id } } }')).body.data.customers.nodes[0].id as string;
    const touched = await admin(`/customers/${customer.split('/').pop()}/touch`, { email: 'new@example.com' });
    expect(touched.status).toBe(200);
    const read = await ask(`{ customer(id: "${customer}") { email updatedAt } }`);
    expect(read.body.data.customer).toEqual({ email: 'new@example.com', updatedAt: touched.body.updated_at });
  });

  it('holds a shop’s API requests until released', async () => {
    await admin('/hold', { held: true });
    const pending = ask('{ shop { name } }');
    let status = await admin('/hold', { held: true });
    while (status.body.waiting === 0) status = await admin('/hold', { held: true });
    expect(status.body).toEqual({ held: true, waiting: 1 });
    await admin('/hold', { held: false });
    expect((await pending).body.data.shop.name).toBe('admin');
  });

  it('injects server errors at the rate asked', async () => {
    await admin('/settings', { faults: { error_rate: 1 } });
    const failed = await ask('{ shop { name } }');
    expect(failed.status).toBe(500);
    await admin('/settings', { faults: { error_rate: 0 } });
    expect((await ask('{ shop { name } }')).status).toBe(200);
  });

  it('answers 404 for an unknown shop', async () => {
    expect((await emulator.graphql('nobody.myshopify.com', 'x', '{ shop { name } }')).status).toBe(404);
  });
});
