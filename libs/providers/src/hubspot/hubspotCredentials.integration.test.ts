import { silentLogger } from '@datasync/logger';
import { InvalidCredentialError } from '../errors';
import { CredentialRevokedError } from './hubspotErrors';
import { HubspotTokens } from './hubspotTokens';
import { verifyHubspotAccount } from './hubspotVerify';
import {
  startHubspotTestEmulator,
  staticToken,
  testHubspotClient,
  type HubspotTestEmulator,
  type TestApp,
  type TestPortal,
} from './testing/hubspotTestEmulator';

let emulator: HubspotTestEmulator;

beforeAll(async () => {
  emulator = await startHubspotTestEmulator();
});
afterAll(async () => {
  await emulator.stop();
});

/** An installed app whose access tokens the test's clock (the portal's, frozen) says when to refresh. */
async function installed(portal: TestPortal, app: TestApp) {
  const now = { ms: await emulator.freezeClock(portal.portal_id) };
  const { refresh_token: refreshToken } = await emulator.install(portal.portal_id, app.client_id);
  const rotated: string[] = [];
  const tokens = new HubspotTokens({
    baseUrl: emulator.baseUrl,
    app: { clientId: app.client_id, clientSecret: app.client_secret },
    refreshToken,
    store: { refreshTokenRotated: (token) => Promise.resolve(void rotated.push(token)) },
    timeoutMs: 5_000,
    retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 50 },
    logger: silentLogger(),
    now: () => now.ms,
  });
  const advance = async (seconds: number, ourClockToo = true) => {
    const portalNow = await emulator.advanceClock(portal.portal_id, seconds);
    if (ourClockToo) now.ms = portalNow;
  };
  return { tokens, advance, rotated, client: testHubspotClient(emulator.baseUrl, tokens) };
}

describe('verifying a HubSpot credential', () => {
  it('answers the portal id, its time zone and no mode for a service key', async () => {
    const portal = await emulator.createPortal({ time_zone: 'Europe/Berlin', objects: {} });
    const account = await verifyHubspotAccount(testHubspotClient(emulator.baseUrl, staticToken(portal.service_key)));
    expect(account).toEqual({
      externalId: String(portal.portal_id),
      name: `HubSpot portal ${portal.portal_id} (app.hubspot.com)`,
      timeZone: 'Europe/Berlin',
      accountType: 'STANDARD',
      mode: undefined,
    });
  });

  it('refuses an unknown token as an invalid credential, naming no token', async () => {
    const err = await verifyHubspotAccount(testHubspotClient(emulator.baseUrl, staticToken('pat-na1-not-a-key'))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidCredentialError);
    expect((err as Error).message).toMatch(/INVALID_AUTHENTICATION/);
    expect((err as Error).message).not.toContain('pat-na1-not-a-key');
  });
});

describe("an OAuth install's tokens", () => {
  it('exchanges the refresh token, verifies the portal, and refreshes before the 30 minutes run out', async () => {
    const portal = await emulator.createPortal({ objects: {} });
    const app = await emulator.createApp();
    const { tokens, advance, rotated, client } = await installed(portal, app);
    expect((await verifyHubspotAccount(client)).externalId).toBe(String(portal.portal_id));
    const first = await tokens.accessToken();
    await advance(20 * 60);
    expect(await tokens.accessToken()).toBe(first);
    // 26 minutes in: still valid at HubSpot, but within the margin, so a new one is fetched first.
    await advance(6 * 60);
    const second = await tokens.accessToken();
    expect(second).not.toBe(first);
    await expect(client.get('/crm/v3/objects/contacts')).resolves.toMatchObject({ status: 200 });
    // HubSpot's v1 refresh tokens do not rotate: the store is told nothing.
    expect(rotated).toEqual([]);
  });

  it('refreshes once on a 401 when HubSpot’s clock ran ahead of ours', async () => {
    const portal = await emulator.createPortal({ objects: {} });
    const app = await emulator.createApp();
    const { tokens, advance, client } = await installed(portal, app);
    const first = await tokens.accessToken();
    await advance(31 * 60, false);
    await expect(client.get('/crm/v3/objects/contacts')).resolves.toMatchObject({ status: 200 });
    expect(await tokens.accessToken()).not.toBe(first);
  });

  it('says the install is revoked, with HubSpot’s reason, once the app is uninstalled', async () => {
    const portal = await emulator.createPortal({ objects: {} });
    const app = await emulator.createApp();
    const { advance, client } = await installed(portal, app);
    await client.get('/crm/v3/objects/contacts');
    await emulator.admin('POST', `/portals/${portal.portal_id}/uninstall`, { client_id: app.client_id });
    await advance(31 * 60);
    const err = await client.get('/crm/v3/objects/contacts').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CredentialRevokedError);
    expect(err).toMatchObject({ code: 'credential_revoked', reason: 'BAD_REFRESH_TOKEN', permanent: true });
    expect((err as Error).message).toMatch(/install the app again/);
  });
});
