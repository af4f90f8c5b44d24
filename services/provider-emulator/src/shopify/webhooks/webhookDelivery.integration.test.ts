import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestShopifyEmulator, type AdminShop, type TestShopifyEmulator } from '../testing/testShopifyEmulator';

interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
}

let emulator: TestShopifyEmulator;
let shop: AdminShop;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
const waiting: (() => void)[] = [];

beforeAll(async () => {
  emulator = await startTestShopifyEmulator();
  shop = await emulator.createShop({ name: 'hooks', products: 3, customers: 2, orders: 2 });
  receiver = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, raw });
      res.end('ok');
      waiting.splice(0).forEach((resolve) => resolve());
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
});

afterAll(async () => {
  await emulator.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const delivered = (count: number) =>
  new Promise<void>((resolve) => {
    const check = () => (received.length >= count ? resolve() : waiting.push(check));
    check();
  });

/** Shopify's documented check: base64 HMAC-SHA256 of the raw body with the app's secret, compared in constant time. */
function verify(raw: string, header: string, secret: string): boolean {
  const expected = Buffer.from(createHmac('sha256', secret).update(raw, 'utf8').digest('base64'));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

describe('webhooks', () => {
  it('delivers products/update signed with X-Shopify-Hmac-SHA256 and Shopify’s headers', async () => {
    const app = (await emulator.call('POST', '/_emulator/shopify/apps', { body: {} })).body;
    for (const topic of ['products/update', 'products/delete'])
      expect(
        (
          await emulator.call('POST', `/_emulator/shopify/shops/${shop.domain}/webhooks`, {
            body: { client_id: app.client_id, topic, address: receiverUrl },
          })
        ).status,
      ).toBe(201);
    const product = (await emulator.graphql(shop.domain, shop.admin_token, '{ products(first: 1) { nodes { id } } }')).body.data.products
      .nodes[0].id as string;
    const id = product.split('/').pop();
    await emulator.call('POST', `/_emulator/shopify/shops/${shop.domain}/products/${id}/touch`, { body: { title: 'Renamed' } });
    await delivered(1);
    const [update] = received;
    expect(update!.headers).toMatchObject({
      'x-shopify-topic': 'products/update',
      'x-shopify-shop-domain': shop.domain,
      'x-shopify-api-version': '2026-10',
      'x-shopify-webhook-id': expect.any(String),
    });
    expect(verify(update!.raw, String(update!.headers['x-shopify-hmac-sha256']), app.client_secret)).toBe(true);
    expect(verify(update!.raw, String(update!.headers['x-shopify-hmac-sha256']), 'another-secret')).toBe(false);
    expect(JSON.parse(update!.raw)).toMatchObject({ admin_graphql_api_id: product });

    await emulator.call('DELETE', `/_emulator/shopify/shops/${shop.domain}/products/${id}`);
    await delivered(2);
    expect(received[1]!.headers['x-shopify-topic']).toBe('products/delete');
    expect(received[1]!.headers['x-shopify-webhook-id']).not.toBe(update!.headers['x-shopify-webhook-id']);
  });
});
