import { Redis } from 'ioredis';
import { pollUntil } from './poll';
import type { ChildSpec, ManagedChild, ProcessGroup } from './processes';
import { inheritedEnv } from './config';
import { PROGRAMS, requireProgram } from './programs';

export interface RunningRedis {
  url: string;
  child: ManagedChild;
}

/**
 * A throwaway Redis child: nothing persisted, because the queues are rebuilt from Postgres by the
 * reconciler, and a stale AOF from an older run would only replay old jobs.
 */
export async function startRedisServer(options: { port: number; group: ProcessGroup; timeoutMs: number }): Promise<RunningRedis> {
  const child = options.group.start(redisServerSpec(options.port));
  const url = redisUrl(options.port);
  await waitForRedis(url, child, options.timeoutMs);
  return { url, child };
}

/** How the Redis child runs; a restart with it starts empty, as a crashed Redis without AOF does. */
export function redisServerSpec(port: number): ChildSpec {
  return {
    name: 'redis',
    command: requireProgram(PROGRAMS.redisServer, inheritedEnv(), 'REDIS_URL to a running Redis'),
    args: ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
    env: { PATH: inheritedEnv().PATH },
  };
}

export function redisUrl(port: number): string {
  return `redis://127.0.0.1:${port}`;
}

/** Resolves once the child answers PING; fails early if it exits. */
export async function waitForRedis(url: string, child: ManagedChild, timeoutMs: number): Promise<void> {
  await pollUntil('redis-server', () => pingRedis(url), {
    timeoutMs,
    givenUp: () => (child.running ? undefined : 'exited during startup (see its output above)'),
  });
}

/** One PING on a connection that neither retries nor queues, so a dead server fails fast. */
export async function pingRedis(url: string): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 3000,
  });
  // connect() only says "Connection is closed."; the error event has the reason (ECONNREFUSED…).
  let cause: unknown;
  redis.on('error', (err) => {
    cause ??= err;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw cause instanceof Error ? cause : err;
  } finally {
    redis.disconnect();
  }
}
