import { createTestRedis, randomQueuePrefix } from '@datasync/testing';
import { silentLogger } from '@datasync/logger';
import type { Redis } from 'ioredis';
import { connectHubspot, type HubspotConnectionOptions } from './hubspotConnection';
import { startHubspotTestEmulator, type HubspotTestEmulator } from './testing/hubspotTestEmulator';
import { readWholePartition } from './testing/readAll';
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

const base = (): Omit<HubspotConnectionOptions, 'credential'> => ({
  baseUrl: emulator.baseUrl,
  timeoutMs: 5_000,
  retry: { maxAttempts: 4, baseDelayMs: 10, maxDelayMs: 100 },
  maxWaitMs: 5_000,
  logger: silentLogger(),
  redis,
  budgetPrefix: randomQueuePrefix(),
});

describe('a HubSpot connection', () => {
  it('verifies a service key and reads its portal, spending the portal’s shared budget', async () => {
    const portal = await emulator.createPortal({ objects: { contacts: 7 } });
    const options = base();
    const connection = connectHubspot({ ...options, credential: { kind: 'access_token', token: portal.service_key } });
    const account = await connection.verify();
    expect(account.externalId).toBe(String(portal.portal_id));
    const rows = await readWholePartition(connection.reader(account), { resource: 'objects', objectType: 'contacts', archived: false });
    expect(rows).toHaveLength(7);
    const budgetKeys = await redis.keys(`${options.budgetPrefix}:budget:*`);
    expect(budgetKeys.some((k) => k.includes(`hubspot:${portal.portal_id}:static-token`))).toBe(true);
    expect(budgetKeys.some((k) => k.includes(`{hubspot:${portal.portal_id}}:daily:`))).toBe(true);
  });

  it('reads with an OAuth install: verify and the reader share the access token its refresh token was exchanged for', async () => {
    const portal = await emulator.createPortal({ objects: { deals: 4 } });
    const app = await emulator.createApp();
    const { refresh_token: refreshToken } = await emulator.install(portal.portal_id, app.client_id);
    const connection = connectHubspot({
      ...base(),
      credential: { kind: 'oauth_refresh_token', refreshToken },
      app: { clientId: app.client_id, clientSecret: app.client_secret },
      store: { refreshTokenRotated: () => Promise.resolve() },
    });
    const account = await connection.verify();
    expect(account.externalId).toBe(String(portal.portal_id));
    const rows = await readWholePartition(connection.reader(account, { priority: 'incremental' }), {
      resource: 'objects',
      objectType: 'deals',
      archived: false,
    });
    expect(rows).toHaveLength(4);
    expect((await portalStats(emulator, portal.portal_id)).by_status['401']).toBeUndefined();
  });
});
