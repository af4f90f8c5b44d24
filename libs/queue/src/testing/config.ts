import { Joi, parseConfig } from '@datasync/config';
import type { Redis } from 'ioredis';
import { createRedisConnection, waitForReady, type RedisRole } from '../connection';

/**
 * The Redis the tests use: REDIS_URL, which `npm test` sets to a private redis-server of its own.
 * Never the queue's default: a test must not fall back to the machine's Redis on its default port.
 */
export function testRedisUrl(): string {
  const { REDIS_URL } = parseConfig<{ REDIS_URL?: string }>({ REDIS_URL: Joi.string().uri({ scheme: ['redis', 'rediss'] }) }, process.env);
  if (!REDIS_URL) {
    throw new Error(
      'REDIS_URL is not set: run the tests with `npm test` (which starts a Redis of their own), or set REDIS_URL (docs/testing.md)',
    );
  }
  return REDIS_URL;
}

/** A connection to the test Redis, ready for use; fails the test setup when Redis is not there. */
export async function connectForTest(role: RedisRole): Promise<Redis> {
  const connection = createRedisConnection(testRedisUrl(), { role });
  if (!(await waitForReady(connection, 5_000))) {
    connection.disconnect();
    throw new Error('test Redis not reachable; set REDIS_URL');
  }
  return connection;
}
