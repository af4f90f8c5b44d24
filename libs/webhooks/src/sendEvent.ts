import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { ApiError } from '@datasync/errors';
import { guardEndpointHost, type UrlGuard } from './endpointUrl';
import { SIGNATURE_HEADER, signatureHeader } from './signature';
import type { AttemptOutcome } from './webhookDeliveryAttempts.repository';

export interface SendOptions {
  guard: UrlGuard;
  /** The whole request, connection included. */
  timeoutMs: number;
}

/**
 * POSTs one event to an endpoint, signed. Any 2xx is a success; redirects are not followed (a
 * redirect could lead past the network guard), and the answer's body is never read into logs or
 * the delivery log. The socket connects to the address the guard approved, never to a new DNS
 * answer (rebinding).
 */
export async function sendEvent(
  url: string,
  secret: string,
  body: string,
  options: SendOptions,
): Promise<AttemptOutcome & { ok: boolean }> {
  const started = Date.now();
  const target = new URL(url);
  let approved;
  try {
    approved = await guardEndpointHost(target, options.guard);
  } catch (err) {
    const error = err instanceof ApiError ? (err.code ?? 'url_refused') : 'url_refused';
    return { ok: false, statusCode: null, latencyMs: Date.now() - started, error };
  }
  const lookup: LookupFunction = (_host, opts, callback) => {
    if (opts.all) callback(null, [{ address: approved.address, family: approved.family }]);
    else callback(null, approved.address, approved.family);
  };
  const timestamp = Math.floor(Date.now() / 1000);
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const finish = (statusCode: number | null, error: string | null) =>
      resolve({
        ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
        statusCode,
        latencyMs: Date.now() - started,
        error,
      });
    const request = transport.request(
      target,
      {
        method: 'POST',
        lookup,
        timeout: options.timeoutMs,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          'User-Agent': 'datasync-webhooks/1',
          [SIGNATURE_HEADER]: signatureHeader(secret, timestamp, body),
        },
      },
      (response) => {
        // Drained, not read: only the status matters.
        response.resume();
        response.on('end', () => {
          const code = response.statusCode ?? null;
          finish(code, code !== null && code >= 200 && code < 300 ? null : `HTTP ${code ?? 'unknown'}`);
        });
        response.on('error', () => finish(response.statusCode ?? null, 'response interrupted'));
      },
    );
    const deadline = setTimeout(() => request.destroy(new Error('timeout')), options.timeoutMs);
    request.on('close', () => clearTimeout(deadline));
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (err: NodeJS.ErrnoException) =>
      finish(null, err.message === 'timeout' ? 'timeout' : (err.code ?? 'connection failed')),
    );
    request.end(body);
  });
}
