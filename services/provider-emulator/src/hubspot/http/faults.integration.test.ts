import { startTestHubspotEmulator, type AdminPortal, type TestHubspotEmulator } from '../testing/testHubspotEmulator';

let emulator: TestHubspotEmulator;

beforeAll(async () => {
  emulator = await startTestHubspotEmulator();
});

afterAll(async () => {
  await emulator.close();
});

const contacts = (portal: AdminPortal) => emulator.call('GET', '/crm/v3/objects/contacts', { token: portal.service_key });
const settings = (portal: AdminPortal, body: unknown) =>
  emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/settings`, { body });

describe('the kit’s faults on HubSpot portals', () => {
  it('injects 500s in HubSpot’s shape with error_rate, counts them, and stops when the override is removed', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 1 }, error_rate: 1 });
    const failed = await contacts(portal);
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({
      status: 'error',
      message: 'internal error',
      correlationId: expect.any(String),
      category: 'INTERNAL_ERROR',
    });
    await settings(portal, { error_rate: null });
    expect((await contacts(portal)).status).toBe(200);
    const stats = await emulator.call('GET', `/_emulator/hubspot/portals/${portal.portal_id}/stats`);
    expect(stats.body).toMatchObject({
      requests: 2,
      injected_errors: 1,
      by_status: { '500': 1, '200': 1 },
      by_endpoint: { '/crm/v3/objects/contacts': 2 },
    });
  });

  it('throttles at random with a TEN_SECONDLY_ROLLING 429 and slows answers with latency_ms', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 1 }, throttle_rate: 1 });
    const throttled = await contacts(portal);
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({ errorType: 'RATE_LIMIT', policyName: 'TEN_SECONDLY_ROLLING' });
    await settings(portal, { throttle_rate: null, latency_ms: 300 });
    const started = performance.now();
    expect((await contacts(portal)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('drops the connection with reset_rate', async () => {
    const portal = await emulator.createPortal({ objects: {}, reset_rate: 1 });
    await expect(contacts(portal)).rejects.toThrow();
  });

  it('leaves the admin API and OAuth endpoints alone', async () => {
    const portal = await emulator.createPortal({ objects: {}, error_rate: 1 });
    expect((await emulator.call('GET', `/_emulator/hubspot/portals/${portal.portal_id}`)).status).toBe(200);
  });
});
