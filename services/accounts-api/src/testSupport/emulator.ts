import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, waitFor } from '@datasync/testing';

const repoRoot = path.resolve(__dirname, '../../../..');

export interface EmulatorAccount {
  id: string;
  secret_key: string;
  restricted_key: string;
}

export interface TestEmulator {
  baseUrl: string;
  /** A new provider account (`connected_to`: an account connected to that platform's app). */
  createAccount(body?: Record<string, unknown>): Promise<EmulatorAccount>;
  /** How many /v1 requests the emulator has received for this account (counted before any injected latency). */
  requestsServed(accountId: string): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The provider emulator as a real process on a free port, run from its sources through
 * libs/testing/register.js: a service never imports another, so it is spawned. Stop it in afterAll.
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
  return {
    baseUrl,
    async createAccount(body = {}) {
      const response = await fetch(`${baseUrl}/_emulator/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Accounts are only verified here, never read: keep their generated data small.
        body: JSON.stringify({ objects: { charges: 1 }, ...body }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`POST /_emulator/accounts answered ${response.status}: ${text}`);
      return JSON.parse(text) as EmulatorAccount;
    },
    async requestsServed(accountId) {
      const response = await fetch(`${baseUrl}/_emulator/accounts/${accountId}/stats`);
      if (!response.ok) throw new Error(`GET /_emulator/accounts/${accountId}/stats answered ${response.status}`);
      return ((await response.json()) as { requests: number }).requests;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
