import { createHmac } from 'node:crypto';
import { startTestShopifyEmulator, type AdminShop, type TestShopifyEmulator } from '../testing/testShopifyEmulator';

let emulator: TestShopifyEmulator;
let shop: AdminShop;
let app: { client_id: string; client_secret: string };
const redirectUri = 'https://app.example.com/auth/callback';

beforeAll(async () => {
  emulator = await startTestShopifyEmulator();
  shop = await emulator.createShop({ name: 'oauth', customers: 2 });
  app = (await emulator.call('POST', '/_emulator/shopify/apps', { body: { name: 'Data sync' } })).body;
  await emulator.call('POST', `/_emulator/shopify/shops/${shop.domain}/clock`, { body: { frozen: true } });
});

afterAll(async () => {
  await emulator.close();
});

const base = () => `/shops/${shop.domain}`;
const exchange = (fields: Record<string, string>) =>
  emulator.call('POST', `${base()}/admin/oauth/access_token`, {
    body: { client_id: app.client_id, client_secret: app.client_secret, ...fields },
  });
const shopName = (token: string) => emulator.graphql(shop.domain, token, '{ shop { name } }');

async function installCode(): Promise<URL> {
  const query = new URLSearchParams({ client_id: app.client_id, scope: 'read_orders', redirect_uri: redirectUri, state: 'nonce-1' });
  const page = await emulator.call('GET', `${base()}/admin/oauth/authorize?${query.toString()}`);
  expect(page.status).toBe(200);
  expect(page.text).toContain(shop.domain);
  const answer = await emulator.call('POST', `${base()}/admin/oauth/authorize`, {
    body: new URLSearchParams({
      client_id: app.client_id,
      scope: 'read_orders',
      redirect_uri: redirectUri,
      state: 'nonce-1',
      decision: 'approve',
    }),
  });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location')!);
}

describe('OAuth with expiring offline tokens', () => {
  it('redirects with a code, the shop, the state and an hmac of the query signed with the client secret', async () => {
    const url = await installCode();
    expect(url.searchParams.get('shop')).toBe(shop.domain);
    expect(url.searchParams.get('state')).toBe('nonce-1');
    const params = [...url.searchParams.entries()].filter(([k]) => k !== 'hmac').sort(([a], [b]) => a.localeCompare(b));
    const expected = createHmac('sha256', app.client_secret)
      .update(params.map(([k, v]) => `${k}=${v}`).join('&'))
      .digest('hex');
    expect(url.searchParams.get('hmac')).toBe(expected);
  });

  it('issues a 60-minute token with a refresh token; the token stops working after an hour', async () => {
    const code = (await installCode()).searchParams.get('code')!;
    const tokens = await exchange({ code, expiring: '1' });
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ scope: 'read_orders', expires_in: 3600, refresh_token: expect.stringMatching(/^shprt_/) });
    expect((await exchange({ code, expiring: '1' })).status).toBe(400); // a code is single use
    expect((await shopName(tokens.body.access_token)).status).toBe(200);
    await emulator.call('POST', `/_emulator/shopify/shops/${shop.domain}/clock`, { body: { advance_seconds: 3600 } });
    expect((await shopName(tokens.body.access_token)).status).toBe(401);
  });

  it('rotates the refresh token on every use; the old one is refused once its replacement is used', async () => {
    const code = (await installCode()).searchParams.get('code')!;
    const first = (await exchange({ code, expiring: '1' })).body;
    const second = (await exchange({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).body;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await shopName(second.access_token)).status).toBe(200);
    const third = await exchange({ grant_type: 'refresh_token', refresh_token: second.refresh_token });
    expect(third.status).toBe(200);
    const stale = await exchange({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(stale.status).toBe(400);
    expect(stale.body.error).toBe('invalid_grant');
    expect(stale.text).not.toContain(first.refresh_token);
  });

  it('refuses a wrong client secret without echoing it', async () => {
    const result = await emulator.call('POST', `${base()}/admin/oauth/access_token`, {
      body: { client_id: app.client_id, client_secret: 'shpss_not-the-secret', code: 'x' },
    });
    expect(result.status).toBe(400);
    expect(result.text).not.toContain('not-the-secret');
  });
});
