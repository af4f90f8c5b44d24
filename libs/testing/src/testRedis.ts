import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { testRedisUrl } from './config';

/** A Redis connection to the test server, usable by BullMQ workers. Close it with `quit()`. */
export function createTestRedis(): Redis {
  return new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
}

/** A BullMQ prefix of its own, so that tests sharing one Redis never see each other's queues. */
export function randomQueuePrefix(): string {
  return `test-${randomBytes(6).toString('hex')}`;
}
