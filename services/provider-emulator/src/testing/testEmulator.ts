import type http from 'node:http';
import Stripe from 'stripe';
import { parseConfig } from '@datasync/config';
import { Readiness, boundPort, listen } from '@datasync/http';
import { silentLogger } from '@datasync/logger';
import { createApp } from '../app';
import { closeServer, httpCaller, type HttpResult } from '../kit/testing/httpCaller';
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

export type { HttpResult };

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

  const call = httpCaller(baseUrl);

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
    close: () => {
      state.webhookDelivery.close();
      return closeServer(server);
    },
  };
}
