import type http from 'node:http';
import Stripe from 'stripe';
import { parseConfig } from '@datasync/config';
import { Readiness, boundPort, listen } from '@datasync/http';
import { silentLogger } from '@datasync/logger';
import { createApp } from '../app';
import { configSchema, type EmulatorConfig } from '../config';
import { createEmulatorState } from '../state/createEmulatorState';
import type { EmulatorState } from '../state/emulatorState';

export interface AdminAccount {
  id: string;
  secret_key: string;
  restricted_key: string;
  client_id: string;
  connected_to: string | null;
  created: number;
  now: number;
  objects: Record<string, number>;
}

export interface HttpResult {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export interface TestEmulator {
  baseUrl: string;
  port: number;
  state: EmulatorState;
  readiness: Readiness;
  /** `POST /_emulator/accounts`; fails the test on anything but 201. */
  createAccount(body?: Record<string, unknown>): Promise<AdminAccount>;
  /** Any HTTP call; a body is sent as JSON unless it is a URLSearchParams (form). */
  call(
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string>; redirect?: 'manual' | 'follow' },
  ): Promise<HttpResult>;
  /** The official SDK pointed at this emulator, retries off (as the connector configures it). */
  stripe(key: string): Stripe;
  close(): Promise<void>;
}

/** The emulator in-process on a free port, for integration tests over real HTTP. */
export async function startTestEmulator(env: Record<string, string> = {}): Promise<TestEmulator> {
  // No latency unless asked: the emulator's default is Stripe-like, and tests want speed.
  const config = parseConfig<EmulatorConfig>(configSchema, {
    EMULATOR_SEED: `test-${process.pid}-${Math.random()}`,
    EMULATOR_LATENCY_MS: '0',
    ...env,
  });
  const state = createEmulatorState(config);
  const readiness = new Readiness();
  const server: http.Server = await listen(createApp({ state, logger: silentLogger(), readiness }), 0, '127.0.0.1');
  const port = boundPort(server);
  const baseUrl = `http://127.0.0.1:${port}`;

  async function call(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; redirect?: 'manual' | 'follow' } = {},
  ): Promise<HttpResult> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.body instanceof URLSearchParams) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      body = options.body.toString();
    } else if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: options.redirect ?? 'manual' });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  return {
    baseUrl,
    port,
    state,
    readiness,
    async createAccount(body = {}) {
      const result = await call('POST', '/_emulator/accounts', { body });
      if (result.status !== 201) throw new Error(`account creation answered ${result.status}: ${result.text}`);
      return result.body as AdminAccount;
    },
    call,
    stripe: (key) => new Stripe(key, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0, telemetry: false }),
    close: () =>
      new Promise<void>((resolve) => {
        state.webhookDelivery.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
