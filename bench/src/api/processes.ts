import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { freePort } from '@datasync/testing';
import { processEnv } from './config';

export interface RunningService {
  baseUrl: string;
  stop(): Promise<void>;
}

const repoRoot = path.resolve(__dirname, '../../..');

function isHealthy(baseUrl: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(`${baseUrl}/health`, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
  });
}

/**
 * A built service (`services/<name>/dist/main.js`) on a free port, healthy before this resolves.
 * `nodeArgs` go to its node (e.g. `--cpu-prof`), not to the bench's own process.
 */
export async function startService(
  name: 'provider-emulator' | 'accounts-api',
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<RunningService> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, path.join(repoRoot, 'services', name, 'dist', 'main.js')], {
    cwd: repoRoot,
    env: processEnv({ NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (!(await isHealthy(baseUrl))) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not become healthy within 20 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
