import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, waitFor } from '@datasync/testing';

const repoRoot = path.resolve(__dirname, '../../../..');

export interface EmulatorAccount {
  id: string;
  secret_key: string;
  created: number;
}

export interface TestEmulator {
  baseUrl: string;
  createAccount(body?: Record<string, unknown>): Promise<EmulatorAccount>;
  /** A call of the admin API under /_emulator; throws on a status other than 2xx. */
  admin<T = unknown>(method: string, adminPath: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
}

/**
 * The provider emulator as a real process on a free port, run from its sources (a service never
 * imports another). Stop it in afterAll.
 */
export async function startEmulator(): Promise<TestEmulator> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['-r', path.join(repoRoot, 'libs/testing/register.js'), path.join(repoRoot, 'services/provider-emulator/src/main.ts')],
    { cwd: repoRoot, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`emulator exited with ${child.exitCode}: ${stderr}`);
        return (await fetch(`${baseUrl}/health`)).ok;
      },
      { description: 'the provider emulator to answer /health', timeoutMs: 30_000, intervalMs: 100 },
    );
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  async function admin<T>(method: string, adminPath: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}/_emulator${adminPath}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /_emulator${adminPath} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  return {
    baseUrl,
    admin,
    createAccount: (body = {}) => admin<EmulatorAccount>('POST', '/accounts', body),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
