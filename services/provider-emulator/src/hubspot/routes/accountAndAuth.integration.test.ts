import { startTestHubspotEmulator, type TestHubspotEmulator } from '../testing/testHubspotEmulator';

let emulator: TestHubspotEmulator;

beforeAll(async () => {
  emulator = await startTestHubspotEmulator();
});

afterAll(async () => {
  await emulator.close();
});

describe('HubSpot portals and account details', () => {
  it('creates a portal with a time zone and answers GET /account-info/v3/details for its service key', async () => {
    const portal = await emulator.createPortal({ time_zone: 'Europe/Paris', objects: { contacts: 3 } });
    expect(portal.portal_id).toEqual(expect.any(Number));
    expect(portal.service_key).toMatch(/^pat-na1-[0-9a-f-]{36}$/);
    const details = await emulator.call('GET', '/account-info/v3/details', { token: portal.service_key });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      portalId: portal.portal_id,
      timeZone: 'Europe/Paris',
      accountType: 'STANDARD',
      uiDomain: 'app.hubspot.com',
      companyCurrency: 'USD',
      dataHostingLocation: 'na1',
    });
    const { utcOffsetMilliseconds, utcOffset } = details.body as { utcOffsetMilliseconds: number; utcOffset: string };
    expect([3_600_000, 7_200_000]).toContain(utcOffsetMilliseconds);
    expect(utcOffset).toBe(utcOffsetMilliseconds === 3_600_000 ? '+01:00' : '+02:00');
    // The dated path is the same endpoint.
    expect((await emulator.call('GET', '/account-info/2026-03/details', { token: portal.service_key })).body).toEqual(details.body);
  });

  it('refuses an unknown time zone with the whole problem named, and creates nothing', async () => {
    const before = emulator.state.portals.size;
    const result = await emulator.call('POST', '/_emulator/hubspot/portals', { body: { time_zone: 'Mars/Olympus', tier: 'gold' } });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      status: 'error',
      category: 'VALIDATION_ERROR',
      correlationId: expect.any(String),
      message: `'time_zone' must be an IANA time zone (like America/New_York); 'tier' must be one of [free, starter, professional, enterprise]`,
    });
    expect(emulator.state.portals.size).toBe(before);
  });

  it('answers 401 INVALID_AUTHENTICATION without or with an unknown token, in HubSpot’s error shape', async () => {
    for (const token of [undefined, 'pat-na1-nope']) {
      const result = await emulator.call('GET', '/crm/v3/objects/contacts', { token });
      expect(result.status).toBe(401);
      expect(result.body).toEqual({
        status: 'error',
        message: expect.any(String),
        correlationId: expect.any(String),
        category: 'INVALID_AUTHENTICATION',
      });
    }
  });

  it('answers unknown HubSpot paths with HubSpot’s 404 and leaves Stripe’s paths to Stripe', async () => {
    const portal = await emulator.createPortal({ objects: {} });
    const missing = await emulator.call('GET', '/crm/v3/nothing/here/at/all', { token: portal.service_key });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 'error', category: 'OBJECT_NOT_FOUND' });
    const stripe = await emulator.call('GET', '/v1/charges');
    expect(stripe.status).toBe(401);
    expect(stripe.body).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('answers a body that is not JSON with a 400 in HubSpot’s shape, after checking credentials', async () => {
    const portal = await emulator.createPortal({ objects: {} });
    const headers = { 'content-type': 'application/json' };
    const send = (token?: string) =>
      fetch(`${emulator.baseUrl}/crm/v3/objects/contacts/search`, {
        method: 'POST',
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: '{"limit":',
      });
    const anonymous = await send();
    expect(anonymous.status).toBe(401);
    const bad = await send(portal.service_key);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ status: 'error', category: 'VALIDATION_ERROR' });
  });

  it('answers an unknown object type with 400 "Unable to infer object type"', async () => {
    const portal = await emulator.createPortal({ objects: {} });
    const result = await emulator.call('GET', '/crm/v3/objects/widgets', { token: portal.service_key });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ category: 'OBJECT_NOT_FOUND', message: 'Unable to infer object type from: widgets' });
  });
});
