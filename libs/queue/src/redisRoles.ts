import type { RedisOptions } from 'ioredis';

// The connection options of each role, the same for one Redis and for each node of a cluster.

export type RedisRole = 'worker' | 'producer';

/** How long a producer's single command may take before it counts as Redis being unavailable. */
export const PRODUCER_COMMAND_TIMEOUT_MS = 1_000;

// Reconnect forever, backing off to 2 s: Redis coming back must heal every process by itself.
export const retryStrategy = (times: number): number => Math.min(times * 200, 2_000);

export const roleOptions: Record<RedisRole, RedisOptions> = {
  // BullMQ's blocking commands (BZPOPMIN) wait on the connection indefinitely, so a worker's
  // commands must never be failed by ioredis after a retry count: BullMQ requires null.
  worker: { maxRetriesPerRequest: null, enableReadyCheck: true },
  // Producers run in request paths: while Redis is down a command must fail at once (no offline
  // queue), be retried at most once, and give up after a short timeout instead of holding the
  // request until a load balancer cuts it.
  producer: {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: PRODUCER_COMMAND_TIMEOUT_MS,
  },
};

// ioredis keeps a timer this long after disconnect() even when the socket is long dead (2 s by
// default), which holds a stopping process open for nothing.
export const DISCONNECT_TIMEOUT_MS = 200;
