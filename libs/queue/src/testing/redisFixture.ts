import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A prefix no other test shares, hash-tagged like production's. */
export function uniquePrefix(): string {
  return `{test-${randomBytes(6).toString('hex')}}`;
}

/** Every key under the prefix, to assert on what reached Redis and to clean up. */
export async function keysUnder(connection: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await connection.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

export async function deleteKeysUnder(connection: Redis, prefix: string): Promise<void> {
  const keys = await keysUnder(connection, prefix);
  if (keys.length) await connection.del(...keys);
}

/** Polls until `check` returns a value other than undefined/false, or fails after timeoutMs. */
export async function pollUntil<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 5_000, intervalMs = 20, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result !== undefined && result !== false) return result;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
