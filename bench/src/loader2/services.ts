import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '@datasync/testing';
import { processEnv } from './config';

export interface BenchService {
  url: string;
  stop(): Promise<void>;
}

const repoRoot = path.resolve(__dirname, '../../..');

/** A built service (`services/<name>/dist/main.js`) with production settings on a free port, healthy before this resolves. */
export async function startBenchService(name: 'provider-emulator' | 'loader', env: Record<string, string>): Promise<BenchService> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(repoRoot, 'services', name, 'dist', 'main.js')], {
    cwd: repoRoot,
    env: processEnv({ NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not become healthy within 30 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
