import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from '@datasync/testing';
import { answersPing } from './redisPing';

/**
 * A redis-server of the test's own, so it can be killed and started again: with AOF on (fsync at
 * every write) it comes back with its data, without persistence it comes back empty.
 */
export interface RedisServer {
  url: string;
  /** SIGKILL, as a crash: nothing is flushed but what the AOF already holds. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data folder: it replays its AOF, if it keeps one. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startRedisServer(options: { persistent?: boolean } = {}): Promise<RedisServer> {
  const appendOnly = options.persistent === false ? 'no' : 'yes';
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-redis-'));
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const start = async (): Promise<void> => {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--appendonly',
        appendOnly,
        '--appendfsync',
        'always',
        '--save',
        '',
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: 'ignore' },
    );
    const current = child;
    exited = new Promise((resolve) => current.once('exit', () => resolve()));
    await waitFor(() => answersPing(port), { description: `redis-server on ${port}`, timeoutMs: 15_000, intervalMs: 50 });
  };
  const end = async (signal: NodeJS.Signals): Promise<void> => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill: () => end('SIGKILL'),
    start,
    async stop() {
      await end('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
