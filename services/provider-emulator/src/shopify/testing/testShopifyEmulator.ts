import type http from 'node:http';
import { parseConfig } from '@datasync/config';
import { Readiness, boundPort, listen } from '@datasync/http';
import { silentLogger } from '@datasync/logger';
import { createApp } from '../../app';
import { configSchema, type EmulatorConfig } from '../../config';
import { createEmulatorState } from '../../state/createEmulatorState';
import { createShopifyState } from '../createShopifyState';
import { SHOPIFY_ADMIN_VERSION } from '../schema/adminSchema';

export interface AdminShop {
  domain: string;
  admin_token: string;
  counts: Record<string, number>;
}

export interface HttpResult {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read Shopify's JSON freely
  text: string;
}

export interface TestShopifyEmulator {
  baseUrl: string;
  /** `POST /_emulator/shopify/shops`; fails the test on anything but 201. */
  createShop(body: Record<string, unknown>): Promise<AdminShop>;
  call(method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }): Promise<HttpResult>;
  /** A GraphQL call to the shop's Admin API, through the `/shops/<domain>` prefix. */
  graphql(domain: string, token: string, query: string, variables?: Record<string, unknown>): Promise<HttpResult>;
  close(): Promise<void>;
}

/** The emulator in-process on a free port, over real HTTP. */
export async function startTestShopifyEmulator(): Promise<TestShopifyEmulator> {
  const config = parseConfig<EmulatorConfig>(configSchema, { EMULATOR_SEED: `test-${process.pid}`, EMULATOR_LATENCY_MS: '0' });
  const shopify = createShopifyState();
  const app = createApp({ state: createEmulatorState(config), logger: silentLogger(), readiness: new Readiness(), shopify });
  const server: http.Server = await listen(app, 0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${boundPort(server)}`;

  async function call(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<HttpResult> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.body instanceof URLSearchParams) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = options.body.toString();
    } else if (typeof options.body === 'string') {
      body = options.body; // sent as is: a test of a broken body
    } else if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
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
    call,
    createShop: async (body) => {
      const result = await call('POST', '/_emulator/shopify/shops', { body });
      if (result.status !== 201) throw new Error(`create shop answered ${result.status}: ${result.text}`);
      return result.body as AdminShop;
    },
    graphql: (domain, token, query, variables) =>
      call('POST', `/shops/${domain}/admin/api/${SHOPIFY_ADMIN_VERSION}/graphql.json`, {
        body: { query, variables },
        headers: { 'x-shopify-access-token': token },
      }),
    close: () =>
      new Promise<void>((resolve) => {
        shopify.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
