import type http from 'node:http';
import { Client } from '@hubspot/api-client';
import { parseConfig } from '@datasync/config';
import { Readiness, boundPort, listen } from '@datasync/http';
import { silentLogger } from '@datasync/logger';
import { createApp } from '../../app';
import { configSchema, type EmulatorConfig } from '../../config';
import { closeServer, httpCaller, type CallOptions, type HttpResult } from '../../kit/testing/httpCaller';
import { createEmulatorState } from '../../state/createEmulatorState';
import { createHubspotState } from '../createHubspotState';
import type { HubspotState } from '../portal/hubspotState';

export interface AdminPortal {
  portal_id: number;
  service_key: string;
  time_zone: string;
  objects: Record<string, number>;
  limits: Record<string, number>;
}

export interface AdminApp {
  app_id: number;
  client_id: string;
  client_secret: string;
}

export type { CallOptions, HttpResult };

export interface TestHubspotEmulator {
  baseUrl: string;
  state: HubspotState;
  /** `POST /_emulator/hubspot/portals`, search lag 0 unless given; fails the test on anything but 201. */
  createPortal(body?: Record<string, unknown>): Promise<AdminPortal>;
  createApp(body?: Record<string, unknown>): Promise<AdminApp>;
  /** Installs the app in the portal (admin shortcut for the consent flow): its tokens. */
  install(portalId: number, clientId: string): Promise<{ access_token: string; refresh_token: string }>;
  /** Any HTTP call; a URLSearchParams body goes as a form, anything else as JSON. */
  call(method: string, path: string, options?: CallOptions): Promise<HttpResult>;
  /** The official SDK pointed at the emulator, retries off. */
  sdk(accessToken: string): Client;
  close(): Promise<void>;
}

/** The emulator (Stripe and HubSpot) in-process on a free port, HubSpot without latency unless asked. */
export async function startTestHubspotEmulator(env: Record<string, string> = {}): Promise<TestHubspotEmulator> {
  const config = parseConfig<EmulatorConfig>(configSchema, {
    EMULATOR_SEED: `test-${process.pid}-${Math.random()}`,
    EMULATOR_LATENCY_MS: '0',
    EMULATOR_HUBSPOT_LATENCY_MS: '0',
    EMULATOR_HUBSPOT_SEARCH_LAG_MS: '0',
    ...env,
  });
  const hubspot = createHubspotState({
    seed: config.EMULATOR_SEED,
    historyDays: config.EMULATOR_HISTORY_DAYS,
    latency: config.EMULATOR_HUBSPOT_LATENCY_MS,
    searchLagMs: config.EMULATOR_HUBSPOT_SEARCH_LAG_MS,
  });
  const app = createApp({ state: createEmulatorState(config), logger: silentLogger(), readiness: new Readiness(), hubspot });
  const server: http.Server = await listen(app, 0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${boundPort(server)}`;

  const call = httpCaller(baseUrl);

  async function created<T>(path: string, body: unknown): Promise<T> {
    const result = await call('POST', path, { body });
    if (result.status !== 201) throw new Error(`POST ${path} answered ${result.status}: ${result.text}`);
    return result.body as T;
  }

  return {
    baseUrl,
    state: hubspot,
    createPortal: (body = {}) => created<AdminPortal>('/_emulator/hubspot/portals', { search_lag_ms: 0, ...body }),
    createApp: (body = {}) => created<AdminApp>('/_emulator/hubspot/apps', body),
    install: (portalId, clientId) => created(`/_emulator/hubspot/portals/${portalId}/install`, { client_id: clientId }),
    call,
    sdk: (accessToken) => new Client({ accessToken, basePath: baseUrl, numberOfApiCallRetries: 0 }),
    close: () => {
      hubspot.dispatcher.close();
      return closeServer(server);
    },
  };
}
