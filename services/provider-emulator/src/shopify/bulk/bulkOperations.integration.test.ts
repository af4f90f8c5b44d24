import { startTestShopifyEmulator, type AdminShop, type TestShopifyEmulator } from '../testing/testShopifyEmulator';

let emulator: TestShopifyEmulator;
let shop: AdminShop;

beforeAll(async () => {
  emulator = await startTestShopifyEmulator();
  shop = await emulator.createShop({ name: 'bulk', customers: 10, products: 12, orders: 20 });
});

afterAll(async () => {
  await emulator.close();
});

const ask = (query: string, variables?: Record<string, unknown>) => emulator.graphql(shop.domain, shop.admin_token, query, variables);
const settings = (body: Record<string, unknown>) => emulator.call('POST', `/_emulator/shopify/shops/${shop.domain}/settings`, { body });

const RUN = `mutation($query: String!) { bulkOperationRunQuery(query: $query, groupObjects: false) {
  bulkOperation { id status } userErrors { field message code } } }`;
const PRODUCTS = '{ products { edges { node { id title variants { edges { node { id sku } } } } } } }';
const POLL =
  'query($id: ID!) { node(id: $id) { ... on BulkOperation { id status errorCode objectCount rootObjectCount url partialDataUrl } } }';

async function runBulk(query: string): Promise<{ id: string; status: string }> {
  const result = await ask(RUN, { query });
  expect(result.body.data.bulkOperationRunQuery.userErrors).toEqual([]);
  return result.body.data.bulkOperationRunQuery.bulkOperation;
}

async function pollUntilDone(id: string): Promise<Record<string, string>> {
  for (;;) {
    const operation = (await ask(POLL, { id })).body.data.node;
    if (operation.status !== 'CREATED' && operation.status !== 'RUNNING') return operation;
  }
}

describe('bulk operations', () => {
  it('runs a query to a JSONL file, nested connections on their own lines with __parentId', async () => {
    const started = await runBulk(PRODUCTS);
    expect(started.status).toBe('CREATED');
    const done = await pollUntilDone(started.id);
    expect(done).toMatchObject({ status: 'COMPLETED', rootObjectCount: '12' });
    const file = await fetch(done.url!);
    const lines = (await file.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, string>);
    const products = lines.filter((l) => l.id!.includes('/Product/'));
    const variants = lines.filter((l) => l.id!.includes('/ProductVariant/'));
    expect(products).toHaveLength(12);
    expect(products.every((p) => p.__parentId === undefined && !('variants' in p))).toBe(true);
    expect(variants.length).toBeGreaterThanOrEqual(12);
    const productIds = new Set(products.map((p) => p.id));
    expect(variants.every((v) => productIds.has(v.__parentId!))).toBe(true);
    expect(Number(done.objectCount)).toBe(lines.length);
    const current = await ask('{ currentBulkOperation { id status } }');
    expect(current.body.data.currentBulkOperation).toEqual({ id: started.id, status: 'COMPLETED' });
  });

  it('refuses a query without a connection, and a nested connection whose parent has no id', async () => {
    const noConnection = await ask(RUN, { query: '{ shop { name } }' });
    expect(noConnection.body.data.bulkOperationRunQuery.userErrors[0]).toMatchObject({ code: 'INVALID', field: ['query'] });
    const noId = await ask(RUN, { query: '{ products { nodes { title variants { nodes { id } } } } }' });
    expect(noId.body.data.bulkOperationRunQuery.userErrors[0].message).toContain("must select the field 'id'");
    const badField = await ask(RUN, { query: '{ products { nodes { id nope } } }' });
    expect(badField.body.data.bulkOperationRunQuery.userErrors[0].message).toContain('nope');
  });

  it('runs at most five at once per app and shop; the sixth is refused while they are held', async () => {
    await settings({ bulk_held: true });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await runBulk('{ customers { nodes { id } } }')).id);
    const sixth = await ask(RUN, { query: '{ customers { nodes { id } } }' });
    expect(sixth.body.data.bulkOperationRunQuery).toMatchObject({ bulkOperation: null, userErrors: [{ code: 'LIMIT_REACHED' }] });
    expect((await ask(POLL, { id: ids[0] })).body.data.node.status).toBe('RUNNING');
    // The limit is each app's: another app on the same shop still runs one.
    const app = (await emulator.call('POST', '/_emulator/shopify/apps', { body: {} })).body;
    const token = (await emulator.call('POST', `/_emulator/shopify/shops/${shop.domain}/install`, { body: { client_id: app.client_id } }))
      .body.access_token;
    const other = await emulator.graphql(shop.domain, token, RUN, { query: '{ customers { nodes { id } } }' });
    expect(other.body.data.bulkOperationRunQuery.userErrors).toEqual([]);
    await settings({ bulk_held: false });
    for (const id of ids) expect((await pollUntilDone(id)).status).toBe('COMPLETED');
  });

  it('fails with an error code and partial data when told to, and expires after seven days', async () => {
    await settings({ bulk_fail_next: 'INTERNAL_SERVER_ERROR' });
    const failed = await pollUntilDone((await runBulk(PRODUCTS)).id);
    expect(failed).toMatchObject({ status: 'FAILED', errorCode: 'INTERNAL_SERVER_ERROR', url: null });
    expect((await fetch(failed.partialDataUrl!)).status).toBe(200);

    const done = await pollUntilDone((await runBulk('{ orders { nodes { id lineItems { nodes { id } } } } }')).id);
    expect((await fetch(done.url!)).status).toBe(200);
    await emulator.call('POST', `/_emulator/shopify/shops/${shop.domain}/clock`, { body: { advance_seconds: 7 * 86_400 + 1 } });
    expect((await ask(POLL, { id: done.id })).body.data.node).toMatchObject({ status: 'EXPIRED', url: null });
    expect((await fetch(done.url!)).status).toBe(403);
  });
});
