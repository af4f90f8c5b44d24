import { silentLogger } from '@datasync/logger';
import { startEmulator, type TestEmulator } from '@datasync/testing';
import { HubspotClient, type AccessTokenSource, type HubspotClientOptions } from '../hubspotClient';

export interface TestPortal {
  portal_id: number;
  service_key: string;
  time_zone: string;
  now: number;
  objects: Record<string, number>;
}

export interface TestApp {
  app_id: number;
  client_id: string;
  client_secret: string;
}

export interface HubspotTestEmulator {
  emulator: TestEmulator;
  baseUrl: string;
  /** A call of `/_emulator/hubspot…`; throws on a status other than 2xx. */
  admin<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** A portal with no search lag and few records unless given. */
  createPortal(body?: Record<string, unknown>): Promise<TestPortal>;
  createApp(): Promise<TestApp>;
  install(portalId: number, clientId: string): Promise<{ access_token: string; refresh_token: string }>;
  /** Holds the portal's clock still (its `now`), so tests never race real time. */
  freezeClock(portalId: number): Promise<number>;
  advanceClock(portalId: number, seconds: number): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The provider emulator as a process (a library never imports a service) with HubSpot answering
 * at once: no latency and, unless a portal asks, no search lag.
 */
export async function startHubspotTestEmulator(env: Record<string, string> = {}): Promise<HubspotTestEmulator> {
  const emulator = await startEmulator({ env: { EMULATOR_HUBSPOT_LATENCY_MS: '0', EMULATOR_HUBSPOT_SEARCH_LAG_MS: '0', ...env } });
  const admin = <T>(method: string, path: string, body?: unknown) => emulator.admin<T>(method, `/hubspot${path}`, body);
  const clock = async (portalId: number, body: Record<string, unknown>) =>
    (await admin<{ now: number }>('POST', `/portals/${portalId}/clock`, body)).now;
  return {
    emulator,
    baseUrl: emulator.baseUrl,
    admin,
    createPortal: (body = {}) =>
      admin<TestPortal>('POST', '/portals', {
        search_lag_ms: 0,
        objects: { contacts: 5, companies: 2, deals: 3, tickets: 2, products: 1, line_items: 2 },
        ...body,
      }),
    createApp: () => admin<TestApp>('POST', '/apps', {}),
    install: (portalId, clientId) => admin('POST', `/portals/${portalId}/install`, { client_id: clientId }),
    freezeClock: (portalId) => clock(portalId, { frozen: true }),
    advanceClock: (portalId, seconds) => clock(portalId, { advance_seconds: seconds }),
    stop: () => emulator.stop(),
  };
}

export const staticToken = (token: string): AccessTokenSource => ({ accessToken: () => Promise.resolve(token) });

/** A client with short retries against the emulator. */
export function testHubspotClient(baseUrl: string, auth: AccessTokenSource, overrides: Partial<HubspotClientOptions> = {}): HubspotClient {
  return new HubspotClient({
    baseUrl,
    auth,
    timeoutMs: 5_000,
    retry: { maxAttempts: 4, baseDelayMs: 10, maxDelayMs: 100 },
    logger: silentLogger(),
    ...overrides,
  });
}
