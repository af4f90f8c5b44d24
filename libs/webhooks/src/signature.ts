import { randomBytes } from 'node:crypto';
import { hmacSha256, timingSafeEqualString } from '@datasync/crypto';

/** The header every delivery carries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe's. */
export const SIGNATURE_HEADER = 'Datasync-Signature';

/** A new endpoint's signing secret: shown once, then stored sealed. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The signature header's value for `body` sent at `timestamp` (unix seconds). The whole secret is the key. */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${hmacSha256(secret, `${timestamp}.${body}`)}`;
}

/**
 * What a receiver does (docs/webhook-endpoints.md): parse the header, recompute, compare in
 * constant time, and refuse a timestamp older than the tolerance (replays).
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  options: { toleranceS?: number; nowS?: number } = {},
): boolean {
  const parts = header.split(',').map((p) => p.split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!Number.isInteger(t) || signatures.length === 0) return false;
  const now = options.nowS ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (options.toleranceS ?? 300)) return false;
  const expected = hmacSha256(secret, `${t}.${body}`);
  return signatures.some((s) => timingSafeEqualString(s, expected));
}
