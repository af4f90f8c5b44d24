import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `value`, hex. Enough for high-entropy secrets such as client secrets (no slow hash needed). */
export function hmacSha256(key: Buffer | string, value: string): string {
  return createHmac('sha256', key).update(value, 'utf8').digest('hex');
}

/**
 * Constant-time string comparison. Both sides are hashed first so that inputs of different
 * lengths neither throw nor leak their length through timing.
 */
export function timingSafeEqualString(a: string, b: string): boolean {
  const digest = (s: string) => createHmac('sha256', 'timing-safe-equal').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}
