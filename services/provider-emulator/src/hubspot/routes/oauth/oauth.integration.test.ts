import { startTestHubspotEmulator, type AdminApp, type AdminPortal, type TestHubspotEmulator } from '../../testing/testHubspotEmulator';

let emulator: TestHubspotEmulator;
let app: AdminApp;
let portal: AdminPortal;
const redirectUri = 'https://example.com/callback';

beforeAll(async () => {
  emulator = await startTestHubspotEmulator();
  app = await emulator.createApp({ name: 'Data sync' });
  portal = await emulator.createPortal({ objects: { contacts: 2 } });
  await emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/clock`, { body: { frozen: true } });
});

afterAll(async () => {
  await emulator.close();
});

const token = (fields: Record<string, string>) => emulator.call('POST', '/oauth/v1/token', { body: new URLSearchParams(fields) });

async function authorize(decision: 'approve' | 'deny'): Promise<URL> {
  const page = await emulator.call(
    'GET',
    `/hubspot/oauth/authorize?client_id=${app.client_id}&redirect_uri=${encodeURIComponent(redirectUri)}&scope=crm.objects.contacts.read&state=xyz`,
  );
  expect(page.status).toBe(200);
  expect(page.text).toContain(`value="${portal.portal_id}"`);
  const answer = await emulator.call('POST', '/hubspot/oauth/authorize', {
    body: new URLSearchParams({
      client_id: app.client_id,
      redirect_uri: redirectUri,
      state: 'xyz',
      scope: 'crm.objects.contacts.read',
      portal: String(portal.portal_id),
      decision,
    }),
  });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location') ?? '');
}

describe('HubSpot OAuth', () => {
  it('installs through the consent page, exchanges the code, and the access token reads the portal', async () => {
    const back = await authorize('approve');
    expect(back.searchParams.get('state')).toBe('xyz');
    const code = back.searchParams.get('code') ?? '';
    const exchanged = await token({
      grant_type: 'authorization_code',
      client_id: app.client_id,
      client_secret: app.client_secret,
      redirect_uri: redirectUri,
      code,
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toEqual({
      token_type: 'bearer',
      refresh_token: expect.any(String),
      access_token: expect.any(String),
      expires_in: 1800,
    });
    const { access_token: access } = exchanged.body as { access_token: string };
    expect(access.length).toBeLessThanOrEqual(300);

    const info = await emulator.call('GET', `/oauth/v1/access-tokens/${access}`);
    expect(info.body).toMatchObject({
      hub_id: portal.portal_id,
      app_id: app.app_id,
      scopes: ['crm.objects.contacts.read'],
      expires_in: 1800,
      token_type: 'access',
    });
    expect((await emulator.call('GET', '/crm/v3/objects/contacts', { token: access })).status).toBe(200);

    // A code is single use.
    const again = await token({
      grant_type: 'authorization_code',
      client_id: app.client_id,
      client_secret: app.client_secret,
      redirect_uri: redirectUri,
      code,
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ status: 'BAD_AUTH_CODE', message: 'missing or invalid auth code', correlationId: expect.any(String) });
  });

  it('sends Cancel back as error=access_denied', async () => {
    const back = await authorize('deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('expires access tokens after 30 minutes of the portal’s clock; the refresh token gets a new one', async () => {
    const installed = await emulator.install(portal.portal_id, app.client_id);
    await emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/clock`, { body: { advance_seconds: 1799 } });
    expect((await emulator.call('GET', '/crm/v3/objects/contacts', { token: installed.access_token })).status).toBe(200);
    await emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/clock`, { body: { advance_seconds: 61 } });
    const expired = await emulator.call('GET', '/crm/v3/objects/contacts', { token: installed.access_token });
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({
      status: 'error',
      message: 'The OAuth token used to make this call expired 1 minute(s) ago.',
      correlationId: expect.any(String),
      category: 'EXPIRED_AUTHENTICATION',
    });

    const refreshed = await token({
      grant_type: 'refresh_token',
      client_id: app.client_id,
      client_secret: app.client_secret,
      refresh_token: installed.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const body = refreshed.body as { access_token: string; refresh_token: string; expires_in: number };
    expect(body.refresh_token).toBe(installed.refresh_token);
    expect(body.expires_in).toBe(1800);
    expect((await emulator.call('GET', '/crm/v3/objects/contacts', { token: body.access_token })).status).toBe(200);
  });

  it('refuses a revoked refresh token with BAD_REFRESH_TOKEN after an uninstall, and its access tokens with 401', async () => {
    const installed = await emulator.install(portal.portal_id, app.client_id);
    const uninstall = await emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/uninstall`, {
      body: { client_id: app.client_id },
    });
    expect(uninstall.status).toBe(200);
    const refused = await token({
      grant_type: 'refresh_token',
      client_id: app.client_id,
      client_secret: app.client_secret,
      refresh_token: installed.refresh_token,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      status: 'BAD_REFRESH_TOKEN',
      message: 'missing or invalid refresh token',
      correlationId: expect.any(String),
    });
    const call = await emulator.call('GET', '/crm/v3/objects/contacts', { token: installed.access_token });
    expect(call.status).toBe(401);
    expect(call.body).toMatchObject({ category: 'INVALID_AUTHENTICATION' });
    expect((await emulator.call('GET', `/oauth/v1/refresh-tokens/${installed.refresh_token}`)).status).toBe(404);
  });

  it('refuses a wrong client secret and an unknown grant type, issuing nothing', async () => {
    const before = emulator.state.accessTokens.size;
    const secret = await token({ grant_type: 'refresh_token', client_id: app.client_id, client_secret: 'nope', refresh_token: 'x' });
    expect(secret.status).toBe(400);
    expect(secret.body).toMatchObject({ status: 'BAD_CLIENT_SECRET' });
    const grant = await token({ grant_type: 'password', client_id: app.client_id });
    expect(grant.body).toMatchObject({ status: 'BAD_GRANT_TYPE' });
    expect(emulator.state.accessTokens.size).toBe(before);
  });

  it('deletes a refresh token: it no longer refreshes, the access token already issued keeps working', async () => {
    const other = await emulator.createPortal({ objects: {} });
    const installed = await emulator.install(other.portal_id, app.client_id);
    expect((await emulator.call('GET', `/oauth/v1/refresh-tokens/${installed.refresh_token}`)).body).toMatchObject({
      hub_id: other.portal_id,
      client_id: app.client_id,
      token_type: 'refresh',
    });
    expect((await emulator.call('DELETE', `/oauth/v1/refresh-tokens/${installed.refresh_token}`)).status).toBe(204);
    const refused = await token({
      grant_type: 'refresh_token',
      client_id: app.client_id,
      client_secret: app.client_secret,
      refresh_token: installed.refresh_token,
    });
    expect(refused.body).toMatchObject({ status: 'BAD_REFRESH_TOKEN' });
    expect((await emulator.call('GET', '/account-info/v3/details', { token: installed.access_token })).status).toBe(200);
  });
});
