import { startTestHubspotEmulator, type AdminPortal, type TestHubspotEmulator } from '../testing/testHubspotEmulator';

let emulator: TestHubspotEmulator;

beforeAll(async () => {
  emulator = await startTestHubspotEmulator();
});

afterAll(async () => {
  await emulator.close();
});

const contacts = (token: string) => emulator.call('GET', '/crm/v3/objects/contacts?limit=1', { token });
const settings = (portal: AdminPortal, body: unknown) =>
  emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/settings`, { body });
const advance = (portal: AdminPortal, seconds: number) =>
  emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/clock`, { body: { advance_seconds: seconds } });
// Windows run on the portal's clock: frozen, a slow machine cannot let a window roll on mid-test.
const freeze = async (portal: AdminPortal) => {
  const result = await emulator.call('POST', `/_emulator/hubspot/portals/${portal.portal_id}/clock`, { body: { frozen: true } });
  expect(result.body).toEqual({ now: expect.any(Number), frozen: true });
};
const rateLimitBody = (policyName: string, message: string) => ({
  status: 'error',
  message,
  errorType: 'RATE_LIMIT',
  correlationId: expect.any(String),
  policyName,
  requestId: expect.any(String),
});

describe('HubSpot rate limits', () => {
  it('defaults to the tier’s burst (Starter 100, Professional 190 per 10 s) and daily limits', async () => {
    const starter = await emulator.createPortal({ objects: {} });
    const professional = await emulator.createPortal({ objects: {}, tier: 'professional' });
    const a = await contacts(starter.service_key);
    expect(a.headers.get('x-hubspot-ratelimit-max')).toBe('100');
    expect(a.headers.get('x-hubspot-ratelimit-daily')).toBe('250000');
    const b = await contacts(professional.service_key);
    expect(b.headers.get('x-hubspot-ratelimit-max')).toBe('190');
    expect(b.headers.get('x-hubspot-ratelimit-daily')).toBe('625000');
  });

  it('answers 429 TEN_SECONDLY_ROLLING past the burst limit, with the headers, until the window rolls on', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 1 }, burst_limit: 3 });
    await freeze(portal);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await contacts(portal.service_key));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(answers[0]?.headers.get('x-hubspot-ratelimit-interval-milliseconds')).toBe('10000');
    expect(answers.map((r) => r.headers.get('x-hubspot-ratelimit-remaining'))).toEqual(['2', '1', '0', '0']);
    expect(answers[3]?.body).toEqual(rateLimitBody('TEN_SECONDLY_ROLLING', 'You have reached your ten_secondly_rolling limit.'));
    await advance(portal, 10);
    expect((await contacts(portal.service_key)).status).toBe(200);
  });

  it('gives OAuth apps 110 per 10 s, without the Daily headers', async () => {
    const portal = await emulator.createPortal({ objects: {} });
    const app = await emulator.createApp();
    const { access_token: token } = await emulator.install(portal.portal_id, app.client_id);
    const answer = await contacts(token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-hubspot-ratelimit-max')).toBe('110');
    expect(answer.headers.get('x-hubspot-ratelimit-daily')).toBeNull();
  });

  it('keeps a daily count per portal that resets at midnight in the portal’s time zone', async () => {
    const portal = await emulator.createPortal({ objects: {}, time_zone: 'Asia/Tokyo', daily_limit: 2 });
    await freeze(portal);
    expect((await contacts(portal.service_key)).headers.get('x-hubspot-ratelimit-daily-remaining')).toBe('1');
    expect((await contacts(portal.service_key)).status).toBe(200);
    const refused = await contacts(portal.service_key);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(rateLimitBody('DAILY', 'You have reached your daily limit.'));

    // To the last millisecond before the next midnight in Tokyo, then to midnight.
    const now = emulator.state.portal(portal.portal_id)?.now() ?? 0;
    const tokyo = now + 9 * 3_600_000;
    const untilMidnight = 86_400_000 - (tokyo % 86_400_000);
    await advance(portal, untilMidnight / 1000 - 0.001);
    expect((await contacts(portal.service_key)).status).toBe(429);
    await advance(portal, 0.001);
    expect((await contacts(portal.service_key)).status).toBe(200);
  });

  it('limits search to 5 per second with the "secondly" message and no rate-limit headers', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 1 } });
    await freeze(portal);
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await emulator.call('POST', '/crm/v3/objects/contacts/search', { token: portal.service_key, body: {} }));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers[0]?.headers.get('x-hubspot-ratelimit-max')).toBeNull();
    expect(answers[5]?.body).toEqual(rateLimitBody('SECONDLY', 'You have reached your secondly limit.'));
    // Search does not use up the burst window.
    expect((await contacts(portal.service_key)).headers.get('x-hubspot-ratelimit-remaining')).toBe('99');
    await advance(portal, 1);
    expect((await emulator.call('POST', '/crm/v3/objects/contacts/search', { token: portal.service_key, body: {} })).status).toBe(200);
  });

  it('refuses a bad setting with a 400 and keeps the old one', async () => {
    const portal = await emulator.createPortal({ objects: {} });
    const result = await settings(portal, { burst_limit: 0, search_lag_ms: -1 });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      message: "'burst_limit' must be greater than or equal to 1; 'search_lag_ms' must be greater than or equal to 0",
    });
    expect((await contacts(portal.service_key)).headers.get('x-hubspot-ratelimit-max')).toBe('100');
  });
});
