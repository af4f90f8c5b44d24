import http from 'node:http';
import https from 'node:https';
import Stripe from 'stripe';
import { bodyKeepingHttpClient } from './bodyTexts';

// Pinned so that a newer SDK or a change of the account's default version cannot silently
// change the shape of what lands in customers' tables. Moving it is a deliberate change: the
// catalog's column paths must be checked against the new version.
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

// One keep-alive agent per protocol for the whole process: listing is thousands of small
// sequential requests, and a TLS handshake per request would dominate.
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

export interface StripeClientOptions {
  baseUrl: string;
  timeoutMs: number;
}

/** An SDK client for one key, pointed at the configured base URL, with SDK retries off. */
export function createStripeClient(key: string, options: StripeClientOptions): Stripe {
  const url = new URL(options.baseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(key, {
    apiVersion: STRIPE_API_VERSION,
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    // The connector owns retries (budget, Retry-After, jitter); SDK retries would bypass them.
    maxNetworkRetries: 0,
    timeout: options.timeoutMs,
    httpClient: bodyKeepingHttpClient(agents[protocol]),
    telemetry: false,
    appInfo: { name: 'datasync' },
  });
}

export interface RawResponse {
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** A GET through the SDK; `query` is already encoded. */
export async function stripeGet(client: Stripe, path: string, query: string, stripeAccount: string | undefined): Promise<RawResponse> {
  const response = (await client.rawRequest('GET', query ? `${path}?${query}` : path, undefined, {
    ...(stripeAccount ? { stripeAccount } : {}),
  })) as Record<string, unknown> & { lastResponse?: { headers?: Record<string, string> } };
  return { body: response, headers: response.lastResponse?.headers ?? {} };
}
