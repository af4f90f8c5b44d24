import { randomBytes } from 'node:crypto';
import { Cluster } from 'ioredis';
import type { RedisConnection } from '../connection';
import { scanKeys } from '../scanKeys';

/** A prefix no other test shares, hash-tagged like production's. */
export function uniquePrefix(): string {
  return `{test-${randomBytes(6).toString('hex')}}`;
}

/** Every key under the prefix, to assert on what reached Redis and to clean up; every master of a cluster. */
export async function keysUnder(connection: RedisConnection, prefix: string): Promise<string[]> {
  return scanKeys(connection, `${prefix}:*`);
}

export async function deleteKeysUnder(connection: RedisConnection, prefix: string): Promise<void> {
  const keys = await keysUnder(connection, prefix);
  // One DEL per key on a cluster: a DEL of keys in different slots is refused there.
  if (connection instanceof Cluster) await Promise.all(keys.map((key) => connection.del(key)));
  else if (keys.length) await connection.del(...keys);
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
