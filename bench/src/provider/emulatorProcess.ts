import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { childEnv } from './config';

export interface RunningEmulator {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Starts the built emulator pinned to CPU 0 (`taskset -c 0`, which execs node: same pid). */
export async function startPinnedEmulator(main: string, cwd: string): Promise<RunningEmulator> {
  const port = await freePort();
  const child: ChildProcess = spawn('taskset', ['-c', '0', process.execPath, main], {
    cwd,
    // The emulator's own throughput is measured here: without the Stripe-like latency it answers
    // with by default, which would measure the wait instead.
    env: childEnv({ PORT: String(port), NODE_ENV: 'production', LOG_LEVEL: 'warn', EMULATOR_LATENCY_MS: '0' }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (!(await isHealthy(baseUrl))) {
    if (child.exitCode !== null) throw new Error(`the emulator exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the emulator did not become healthy within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (child.pid === undefined) throw new Error('the emulator has no pid');
  return {
    baseUrl,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function isHealthy(baseUrl: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(`${baseUrl}/health`, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
  });
}

/** Resident set size of a process, from /proc, in bytes. */
export function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match?.[1]) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) * 1024;
}
