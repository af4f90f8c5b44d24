import { createTestRedis, randomQueuePrefix } from '@datasync/testing';
import type { Redis } from 'ioredis';
import { ProviderRateLimitedError } from '../errors';
import { PortalBudget, type PortalBudgetOptions } from './hubspotPacer';
import {
  startHubspotTestEmulator,
  staticToken,
  testHubspotClient,
  type HubspotTestEmulator,
  type TestPortal,
} from './testing/hubspotTestEmulator';
import { portalStats } from './testing/portalStats';

let emulator: HubspotTestEmulator;
let redis: Redis;

beforeAll(async () => {
  emulator = await startHubspotTestEmulator();
  redis = createTestRedis();
});
afterAll(async () => {
  await Promise.all([emulator.stop(), redis.quit()]);
});

function paced(portal: TestPortal, options: Partial<PortalBudgetOptions> = {}) {
  const pacer = new PortalBudget(redis, {
    portalId: String(portal.portal_id),
    appKey: 'static-token',
    oauth: false,
    timeZone: portal.time_zone,
    priority: 'incremental',
    rateLimit: 'wait',
    maxWaitMs: 5_000,
    prefix: randomQueuePrefix(),
    ...options,
  });
  return { pacer, client: testHubspotClient(emulator.baseUrl, staticToken(portal.service_key), { pacer, timeZone: portal.time_zone }) };
}

describe("the portal's budget", () => {
  it('learns the burst and daily limits from X-HubSpot-RateLimit-Max and -Daily', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 1 }, tier: 'professional' });
    const { pacer, client } = paced(portal);
    expect(pacer.limits()).toEqual({ burstPer10s: 100, daily: 250_000 });
    await client.get('/crm/v3/objects/contacts', { limit: 1 });
    expect(pacer.limits()).toEqual({ burstPer10s: 190, daily: 625_000 });
  });

  it('stops at the daily limit before HubSpot answers 429, until the portal’s midnight', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 1 }, daily_limit: 3 });
    const { client } = paced(portal);
    for (let i = 0; i < 3; i++) await client.get('/crm/v3/objects/contacts', { limit: 1 });
    const refused = await client.get('/crm/v3/objects/contacts', { limit: 1 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderRateLimitedError);
    expect(refused).toMatchObject({ origin: 'budget' });
    const stats = await portalStats(emulator, portal.portal_id);
    expect(stats.requests).toBe(3);
    expect(stats.by_status['429']).toBeUndefined();
  });

  it('paces search under 5 a second, so HubSpot never answers SECONDLY', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 3 } });
    const { client } = paced(portal);
    // Three seconds' worth of searches at once: unpaced, all but five of the first second would be 429s.
    await Promise.all(Array.from({ length: 12 }, () => client.post('/crm/v3/objects/contacts/search', { limit: 1 }, 'search')));
    const stats = await portalStats(emulator, portal.portal_id);
    expect(stats.requests).toBe(12);
    expect(stats.by_status['429']).toBeUndefined();
  });
});
