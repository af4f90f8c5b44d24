import { waitFor } from '@datasync/testing';
import { ProviderError, ProviderRateLimitedError, ProviderRequestError } from '../errors';
import { msUntilLocalMidnight } from './portalTime';
import {
  startHubspotTestEmulator,
  staticToken,
  testHubspotClient,
  type HubspotTestEmulator,
  type TestPortal,
} from './testing/hubspotTestEmulator';
import { portalStats } from './testing/portalStats';

let emulator: HubspotTestEmulator;

beforeAll(async () => {
  emulator = await startHubspotTestEmulator();
});
afterAll(async () => {
  await emulator.stop();
});

const settings = (portal: TestPortal, body: Record<string, unknown>) =>
  emulator.admin('POST', `/portals/${portal.portal_id}/settings`, body);
const clientFor = (portal: TestPortal, overrides: Parameters<typeof testHubspotClient>[2] = {}) =>
  testHubspotClient(emulator.baseUrl, staticToken(portal.service_key), { timeZone: portal.time_zone, ...overrides });
const listContacts = (client: ReturnType<typeof clientFor>) => client.get('/crm/v3/objects/contacts', { limit: 1 });
const search = (client: ReturnType<typeof clientFor>) => client.post('/crm/v3/objects/contacts/search', { limit: 1 }, 'search');

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(err)}`);
  return err;
}

describe('the HubSpot client', () => {
  it('retries injected 500s and dropped connections until the answer comes', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 3 } });
    await settings(portal, { error_rate: 0.4, reset_rate: 0.2 });
    const client = clientFor(portal, { retry: { maxAttempts: 25, baseDelayMs: 1, maxDelayMs: 5 } });
    for (let i = 0; i < 10; i++) {
      const { body } = await listContacts(client);
      expect(body).toMatchObject({ results: [expect.objectContaining({ id: expect.any(String) })] });
    }
    const stats = await portalStats(emulator, portal.portal_id);
    expect(stats.injected_errors + stats.resets).toBeGreaterThan(0);
  });

  it('refuses a bad request with HubSpot’s category, without retrying it', async () => {
    const portal = await emulator.createPortal({ objects: {} });
    const err = await failure(clientFor(portal).get('/crm/v3/objects/contacts', { limit: 500 }));
    expect(err).toBeInstanceOf(ProviderRequestError);
    expect(err).toMatchObject({ code: 'validation_error', status: 400 });
    expect((await portalStats(emulator, portal.portal_id)).requests).toBe(1);
  });

  it('waits out a TEN_SECONDLY_ROLLING 429 and then succeeds, rather than failing the read', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 1 }, burst_limit: 2 });
    await emulator.freezeClock(portal.portal_id);
    const client = clientFor(portal, { retry: { maxAttempts: 6, baseDelayMs: 10, maxDelayMs: 100 } });
    await listContacts(client);
    await listContacts(client);
    const third = listContacts(client);
    // The window is full until the portal's clock moves: once the 429 is served, move it past the window.
    await waitFor(async () => ((await portalStats(emulator, portal.portal_id)).by_status['429'] ?? 0) >= 1, {
      description: 'the 429',
    });
    await emulator.advanceClock(portal.portal_id, 10);
    await expect(third).resolves.toMatchObject({ status: 200 });
  });

  it('reads the 429’s policy: the ten-second window and search’s second are short waits', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 1 }, burst_limit: 1, search_per_second: 1 });
    await emulator.freezeClock(portal.portal_id);
    const client = clientFor(portal, { rateLimit: 'throw' });
    await listContacts(client);
    const burst = await failure(listContacts(client));
    expect(burst).toBeInstanceOf(ProviderRateLimitedError);
    expect((burst as ProviderRateLimitedError).retryAfterMs).toBeGreaterThanOrEqual(2_000);
    await search(client);
    const secondly = await failure(search(client));
    expect(secondly).toMatchObject({ origin: 'provider' });
    expect((secondly as ProviderRateLimitedError).retryAfterMs).toBeGreaterThanOrEqual(1_000);
    expect((secondly as ProviderRateLimitedError).retryAfterMs).toBeLessThan(2_000);
  });

  it('does not retry the DAILY limit: it says to come back at the portal’s midnight', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 1 }, daily_limit: 1, time_zone: 'Asia/Tokyo' });
    const now = await emulator.freezeClock(portal.portal_id);
    const client = clientFor(portal, { now: () => now });
    await listContacts(client);
    const err = await failure(listContacts(client));
    expect(err).toBeInstanceOf(ProviderRateLimitedError);
    expect((err as ProviderRateLimitedError).retryAfterMs).toBe(msUntilLocalMidnight(now, 'Asia/Tokyo'));
    expect((await portalStats(emulator, portal.portal_id)).requests).toBe(2);
  });
});
