import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '@datasync/logger';

export type RedisRole = 'worker' | 'producer';

export interface RedisConnectionOptions {
  role: RedisRole;
  /** Connection errors are logged here (once per outage); silent when omitted. */
  logger?: Logger;
}

/** How long a producer's single command may take before it counts as Redis being unavailable. */
export const PRODUCER_COMMAND_TIMEOUT_MS = 1_000;

// Reconnect forever, backing off to 2 s: Redis coming back must heal every process by itself.
const retryStrategy = (times: number): number => Math.min(times * 200, 2_000);

const roleOptions: Record<RedisRole, RedisOptions> = {
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

/**
 * An ioredis connection configured for its role. The caller owns it: producers and workers built
 * on it never close it, so one connection can serve several of them; close it with
 * closeRedisConnection at shutdown.
 */
export function createRedisConnection(url: string, options: RedisConnectionOptions): Redis {
  const connection = new Redis(url, {
    ...roleOptions[options.role],
    retryStrategy,
    // ioredis keeps a timer this long after disconnect() even when the socket is long dead (2 s by
    // default), which holds a stopping process open for nothing.
    disconnectTimeout: 200,
    connectionName: `datasync-${options.role}`,
  });
  // Without a listener ioredis prints every reconnect failure to stderr; log the first error of
  // each outage instead (the URL may hold a password, so only the message is logged).
  let reported = false;
  connection.on('error', (err: Error) => {
    if (reported) return;
    reported = true;
    options.logger?.warn('redis connection error', { role: options.role, error: err.message });
  });
  connection.on('ready', () => {
    if (reported) options.logger?.info('redis connection restored', { role: options.role });
    reported = false;
  });
  return connection;
}

/**
 * Closes a connection at shutdown: QUIT when connected (replies in flight still arrive), a plain
 * disconnect otherwise, since a producer connection refuses QUIT while it is not ready and a
 * pending reconnect would keep the process alive.
 */
export async function closeRedisConnection(connection: Redis): Promise<void> {
  if (connection.status === 'end') return;
  if (connection.status === 'ready') {
    try {
      await connection.quit();
      return;
    } catch {
      // The connection dropped between the check and QUIT: disconnect below.
    }
  }
  connection.disconnect();
}

/** Resolves true once the connection is ready, false if it is not within timeoutMs. */
export async function waitForReady(connection: Redis, timeoutMs: number): Promise<boolean> {
  if (connection.status === 'ready') return true;
  if (connection.status === 'end') return false;
  return new Promise<boolean>((resolve) => {
    const done = (ready: boolean): void => {
      clearTimeout(timer);
      connection.off('ready', onReady);
      connection.off('end', onEnd);
      resolve(ready);
    };
    const onReady = (): void => done(true);
    const onEnd = (): void => done(false);
    const timer = setTimeout(() => done(false), timeoutMs);
    connection.once('ready', onReady);
    connection.once('end', onEnd);
  });
}

/** For /ready: true when Redis answers PING within timeoutMs, whatever the connection's role. */
export async function pingRedis(connection: Redis, timeoutMs = 1_000): Promise<boolean> {
  // A worker connection queues commands while disconnected and never fails them, so the ping is
  // raced against a timer rather than trusted to return.
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const ping = connection.ping().then(
    (reply) => reply === 'PONG',
    () => false,
  );
  try {
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
