import http from 'node:http';
import { silentLogger } from '@datasync/logger';
import type { AddressInfo } from 'node:net';
import type { RefreshedToken, TokenStore } from '../providerModule';
import { CredentialRevokedError } from './hubspotErrors';
import { tokenSource } from './hubspotCredentials';
import { hubspotModule } from './hubspotModule';
import { verifyHubspotAccount } from './hubspotVerify';
import { pokedPortals } from './hubspotWebhooks';
import { startHubspotTestEmulator, testHubspotClient, type HubspotTestEmulator, type TestApp } from './testing/hubspotTestEmulator';
import type { HubspotCredential } from './hubspotCredentials';

let emulator: HubspotTestEmulator;

beforeAll(async () => {
  emulator = await startHubspotTestEmulator();
});
afterAll(async () => {
  await emulator.stop();
});

const settings = { timeoutMs: 5_000, retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 50 } };

/** Verifies a credential as the engine will: its access token against `GET /account-info/v3/details`. */
async function portalOf(credential: HubspotCredential) {
  const token = credential.kind === 'access_token' ? credential.token : credential.accessToken?.token;
  if (!token) throw new Error('no access token to verify with');
  const source = tokenSource({ kind: 'access_token', token }, { baseUrl: emulator.baseUrl, ...settings, logger: silentLogger() });
  return verifyHubspotAccount(testHubspotClient(emulator.baseUrl, source));
}

/** The Link page's install: the consent form approved for `portalId`, then the code exchanged. */
async function install(app: TestApp, portalId: number) {
  const redirectUri = 'https://link.example.com/link/oauth/callback';
  const oauth = hubspotModule.link.oauth!.client(emulator.baseUrl, 5_000);
  const authorize = new URL(oauth.authorizeUrl({ clientId: app.client_id, state: 'st4te', redirectUri }));
  const page = await fetch(authorize);
  expect(page.status).toBe(200);
  const consent = await fetch(authorize.origin + authorize.pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: app.client_id,
      redirect_uri: redirectUri,
      state: 'st4te',
      scope: authorize.searchParams.get('scope') ?? '',
      portal: String(portalId),
      decision: 'approve',
    }).toString(),
    redirect: 'manual',
  });
  expect(consent.status).toBe(303);
  const back = new URL(consent.headers.get('location') ?? '');
  expect(back.searchParams.get('state')).toBe('st4te');
  const code = back.searchParams.get('code') ?? '';
  return { oauth, code, redirectUri };
}

/** A TokenStore that keeps what it was given, as libs/accounts' seals it for the row. */
function recordingStore() {
  const replaced: { accountId: string; token: RefreshedToken }[] = [];
  const store: TokenStore = { replace: (accountId, token) => Promise.resolve(void replaced.push({ accountId, token })) };
  return { store, replaced };
}

describe("HubSpot's module against the emulator", () => {
  it("verifies a portal's service key and names the portal as the account", async () => {
    const portal = await emulator.createPortal({ objects: {} });
    const credential = hubspotModule.credentials.spec.credential(portal.service_key);
    expect((await portalOf(credential)).externalId).toBe(String(portal.portal_id));
  });

  it('installs through the Link flow, refreshes, and hands the refreshed secret to the token store', async () => {
    const app = await emulator.createApp();
    const portal = await emulator.createPortal({ objects: {} });
    const { oauth, code, redirectUri } = await install(app, portal.portal_id);
    const credential = await oauth.exchangeCode({ sourceSecret: app.client_secret, code, clientId: app.client_id, redirectUri });
    expect(credential).toMatchObject({ kind: 'oauth_refresh_token', refreshToken: expect.any(String) });
    expect((await portalOf(credential)).externalId).toBe(String(portal.portal_id));

    // The code is single use: a second exchange is HubSpot's refusal, not an outage.
    await expect(oauth.exchangeCode({ sourceSecret: app.client_secret, code, clientId: app.client_id, redirectUri })).rejects.toMatchObject(
      {
        kind: 'refused',
        code: 'bad_auth_code',
      },
    );

    // What the account row keeps, read back as the loader will, then refreshed and stored.
    const { credentials, tokens } = hubspotModule;
    const stored = credentials.fromStored({
      kind: 'oauth_refresh_token',
      secret: credentials.secretOf(credential),
      externalId: String(portal.portal_id),
    });
    const { store, replaced } = recordingStore();
    const refreshed = await tokens!.refresh(stored, {
      sourceSecret: app.client_secret,
      sourceClientId: app.client_id,
      baseUrl: emulator.baseUrl,
    });
    await store.replace('acc_1', refreshed);
    expect(replaced).toEqual([{ accountId: 'acc_1', token: refreshed }]);
    const next = credentials.fromStored({ kind: 'oauth_refresh_token', secret: refreshed.secret, externalId: String(portal.portal_id) });
    expect(next).toMatchObject({
      kind: 'oauth_refresh_token',
      refreshToken: credential.kind === 'oauth_refresh_token' ? credential.refreshToken : '',
    });
    if (next.kind !== 'oauth_refresh_token' || credential.kind !== 'oauth_refresh_token') throw new Error('not an install');
    expect(next.accessToken?.token).not.toBe(credential.accessToken?.token);
    expect(refreshed.expiresAt?.getTime()).toBe(next.accessToken?.expiresAt);
    expect(refreshed.expiresAt!.getTime() - Date.now()).toBeGreaterThan(25 * 60_000);
    expect((await portalOf(next)).externalId).toBe(String(portal.portal_id));
  });

  it("refuses a wrong client secret at the exchange as HubSpot's refusal", async () => {
    const app = await emulator.createApp();
    const portal = await emulator.createPortal({ objects: {} });
    const { oauth, code, redirectUri } = await install(app, portal.portal_id);
    await expect(oauth.exchangeCode({ sourceSecret: 'not-the-secret', code, clientId: app.client_id, redirectUri })).rejects.toMatchObject({
      kind: 'refused',
      code: 'bad_client_secret',
    });
  });

  it('refuses the refresh of an uninstalled app with a typed, permanent CredentialRevokedError that names no token', async () => {
    const app = await emulator.createApp();
    const portal = await emulator.createPortal({ objects: {} });
    const { refresh_token: refreshToken } = await emulator.install(portal.portal_id, app.client_id);
    await emulator.admin('POST', `/portals/${portal.portal_id}/uninstall`, { client_id: app.client_id });
    const err = await hubspotModule
      .tokens!.refresh(
        { kind: 'oauth_refresh_token', refreshToken },
        { sourceSecret: app.client_secret, sourceClientId: app.client_id, baseUrl: emulator.baseUrl },
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CredentialRevokedError);
    expect(err).toMatchObject({ reason: 'BAD_REFRESH_TOKEN', code: 'credential_revoked', permanent: true });
    expect((err as Error).message).toMatch(/install the app again/);
    expect((err as Error).message).not.toContain(refreshToken);
    expect((err as Error).message).not.toContain(app.client_secret);
  });

  describe('webhooks', () => {
    let receiver: http.Server;
    const received: { method: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
    let arrived: (() => void) | undefined;

    beforeAll(async () => {
      receiver = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          received.push({ method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks) });
          res.end();
          arrived?.();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => new Promise((resolve) => receiver.close(resolve)));

    const next = async () => {
      while (received.length === 0) await new Promise<void>((resolve) => (arrived = resolve));
      return received.shift()!;
    };

    it("verifies the emulator's signed batch (a target URL with an escape HubSpot decodes) and yields its portal", async () => {
      const app = await emulator.createApp();
      const portal = await emulator.createPortal({ objects: { contacts: 1 } });
      await emulator.install(portal.portal_id, app.client_id);
      const targetUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/hubspot/src_1?app=a%3Ab`;
      await emulator.admin('POST', `/apps/${app.client_id}/webhooks`, { target_url: targetUrl, subscriptions: ['contact.creation'] });
      await emulator.admin('POST', `/portals/${portal.portal_id}/objects/contacts`, { properties: { firstname: 'Ada' } });
      const delivery = await next();
      const header = (name: string) => {
        const value = delivery.headers[name.toLowerCase()];
        return typeof value === 'string' ? value : undefined;
      };
      const verify = (secrets: string[]) =>
        hubspotModule.webhooks.verifyBatch({
          body: delivery.body,
          header,
          secrets,
          toleranceSeconds: 300,
          request: { method: delivery.method, uri: targetUrl },
        });
      const events = verify(['retired-secret', app.client_secret]);
      expect(events).toEqual([
        expect.objectContaining({ type: 'contact.creation', providerAccountId: String(portal.portal_id), created: expect.any(Number) }),
      ]);
      expect(pokedPortals(events)).toEqual([String(portal.portal_id)]);
      expect(() => verify(['someone-elses-secret'])).toThrow(expect.objectContaining({ code: 'signature_invalid' }));
    });
  });
});
