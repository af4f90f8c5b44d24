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

  it('holds requests unanswered while the portal is held, and answers them on release', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 1 } });
    const held = await emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/hold`, { body: { held: true } });
    expect(held.body).toEqual({ held: true, waiting: 0 });
    let answered = false;
    const pending = contacts(portal).then((result) => {
      answered = true;
      return result;
    });
    // Polls the emulator (not the clock) until the request is there, or answered (the hold failed).
    let waiting = 0;
    while (waiting === 0 && !answered)
      waiting = ((await emulator.call('GET', `/_emulator/hubspot/portals/${portal.portal_id}/hold`)).body as { waiting: number }).waiting;
    expect(answered).toBe(false);
    const released = await emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/hold`, { body: { held: false } });
    expect(released.body).toEqual({ held: false, waiting: expect.any(Number) });
    expect((await pending).status).toBe(200);
    expect(((await emulator.call('GET', `/_emulator/hubspot/portals/${portal.portal_id}/hold`)).body as { waiting: number }).waiting).toBe(
      0,
    );
  });

  it('refuses a hold body without held, holding nothing', async () => {
    const portal = await emulator.createPortal({ objects: {} });
    const result = await emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/hold`, { body: { hold: 'yes' } });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ category: 'VALIDATION_ERROR', message: "'held' is required; 'hold' is not allowed" });
    expect((await contacts(portal)).status).toBe(200);
  });

  it('leaves the admin API and OAuth endpoints alone', async () => {
    const portal = await emulator.createPortal({ objects: {}, error_rate: 1 });
    expect((await emulator.call('GET', `/_emulator/hubspot/portals/${portal.portal_id}`)).status).toBe(200);
  });
});
