import { parseConfig } from '@datasync/config';
import type { Redis } from 'ioredis';
import { queueEnv } from '../config';
import { createRedisConnection, waitForReady, type RedisRole } from '../connection';

/** The Redis the tests use: REDIS_URL from the environment, else the local default. */
export const testQueueConfig = parseConfig<{ REDIS_URL: string }>({ REDIS_URL: queueEnv.REDIS_URL }, process.env);

/** A connection to the test Redis, ready for use; fails the test setup when Redis is not there. */
export async function connectForTest(role: RedisRole): Promise<Redis> {
  const connection = createRedisConnection(testQueueConfig.REDIS_URL, { role });
  if (!(await waitForReady(connection, 5_000))) {
    connection.disconnect();
    throw new Error('test Redis not reachable; set REDIS_URL');
  }
  return connection;
}
