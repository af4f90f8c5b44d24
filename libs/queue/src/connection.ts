import { Cluster, Redis } from 'ioredis';
import type { Logger } from '@datasync/logger';
import { clusterOptions } from './clusterConnection';
import { parseClusterNodes } from './clusterNodes';
import { DISCONNECT_TIMEOUT_MS, retryStrategy, roleOptions, type RedisRole } from './redisRoles';

export { PRODUCER_COMMAND_TIMEOUT_MS, type RedisRole } from './redisRoles';

/** One Redis server or a Redis Cluster: BullMQ and every command the code sends take either. */
export type RedisConnection = Redis | Cluster;

/** Where Redis is, as queueEnv reads it: a service passes its whole config. */
export interface RedisSettings {
  REDIS_URL: string;
  /** `host:port,…`: a Redis Cluster, with REDIS_URL's user, password and scheme for every node. */
  REDIS_CLUSTER_NODES?: string;
}

export interface RedisConnectionOptions {
  role: RedisRole;
  /** Connection errors are logged here (once per outage); silent when omitted. */
  logger?: Logger;
}

/**
 * An ioredis connection configured for its role: to the Redis at a URL, or, given settings with
 * REDIS_CLUSTER_NODES, to that Redis Cluster. The caller owns it: producers and workers built on
 * it never close it, so one connection can serve several of them; close it with
 * closeRedisConnection at shutdown.
 */
export function createRedisConnection(url: string, options: RedisConnectionOptions): Redis;
export function createRedisConnection(settings: RedisSettings, options: RedisConnectionOptions): RedisConnection;
export function createRedisConnection(target: string | RedisSettings, options: RedisConnectionOptions): RedisConnection {
  const settings = typeof target === 'string' ? { REDIS_URL: target } : target;
  const nodes = parseClusterNodes(settings.REDIS_CLUSTER_NODES ?? '');
  const connection: RedisConnection = nodes.length
    ? new Cluster(nodes, clusterOptions(settings.REDIS_URL, options.role))
    : new Redis(settings.REDIS_URL, {
        ...roleOptions[options.role],
        retryStrategy,
        disconnectTimeout: DISCONNECT_TIMEOUT_MS,
        connectionName: `datasync-${options.role}`,
      });
  reportOutages(connection, options);
  return connection;
}

/**
 * Without a listener ioredis prints every reconnect failure to stderr; log the first error of
 * each outage instead (the URL may hold a password, so only the message is logged). A cluster
 * reports its nodes' errors as 'node error', its own (no slots, no node answers) as 'error';
 * both count as one outage, which ends when the cluster is ready again.
 */
function reportOutages(connection: RedisConnection, options: RedisConnectionOptions): void {
  let reported = false;
  const onError = (err: Error): void => {
    if (reported) return;
    reported = true;
    options.logger?.warn('redis connection error', { role: options.role, error: err.message });
  };
  connection.on('error', onError);
  if (connection instanceof Cluster) connection.on('node error', onError);
  connection.on('ready', () => {
    if (reported) options.logger?.info('redis connection restored', { role: options.role });
    reported = false;
  });
}

/**
 * Closes a connection at shutdown: QUIT when connected (replies in flight still arrive), a plain
 * disconnect otherwise, since a producer connection refuses QUIT while it is not ready and a
 * pending reconnect would keep the process alive.
 */
export async function closeRedisConnection(connection: RedisConnection): Promise<void> {
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
export async function waitForReady(connection: RedisConnection, timeoutMs: number): Promise<boolean> {
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
export async function pingRedis(connection: RedisConnection, timeoutMs = 1_000): Promise<boolean> {
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
