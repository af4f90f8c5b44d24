import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './freePort';
import { waitFor } from './waitFor';

// Same depth from src/ (jest, register.js) and from dist/ (built).
const repoRoot = path.resolve(__dirname, '../../..');
const STOP_GRACE_MS = 10_000;

export interface EmulatorAccount {
  id: string;
  secret_key: string;
  restricted_key: string;
  created: number;
}

export interface StartEmulatorOptions {
  /**
   * Emulator settings (EMULATOR_*, LOG_LEVEL…) over the test's own environment. Latency is 0
   * unless given (`EMULATOR_LATENCY_MS: 'stripe'` for the emulator's own Stripe-like default).
   */
  env?: Record<string, string>;
}

export interface TestEmulator {
  baseUrl: string;
  pid: number;
  /**
   * A new provider account (`connected_to`: an account connected to that platform's app). Without
   * `objects` it holds 5 charges: such callers only verify keys, and the emulator's default
   * account takes seconds to generate.
   */
  createAccount(body?: Record<string, unknown>): Promise<EmulatorAccount>;
  /** A call of the admin API under /_emulator; throws on a status other than 2xx. */
  admin<T = unknown>(method: string, adminPath: string, body?: unknown): Promise<T>;
  /** How many /v1 requests the emulator has received for this account (counted before any injected latency). */
  requestsServed(accountId: string): Promise<number>;
  /**
   * Holds the account's /v1 requests unanswered (`true`; once `after` more went through) or lets
   * them go (`false`); resolves to how many wait now. With waitFor on `requestsServed`, a test knows a job is blocked at its next request.
   */
  hold(accountId: string, held: boolean, after?: number): Promise<number>;
  /** SIGTERM, then SIGKILL if it has not exited within 10 s. Safe to call twice. */
  stop(): Promise<void>;
}

const hasExited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

/**
 * The provider emulator (services/provider-emulator) as a real process on a free port, run from
 * its sources: a library or service never imports a service, so tests spawn it. Stop it in
 * afterAll; if that never runs, libs/testing/exitWithParent.js ends it with the test process.
 */
export async function startEmulator(options: StartEmulatorOptions = {}): Promise<TestEmulator> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...['-r', path.join(repoRoot, 'libs/testing/register.js')],
      ...['-r', path.join(repoRoot, 'libs/testing/exitWithParent.js')],
      path.join(repoRoot, 'services/provider-emulator/src/main.ts'),
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', EMULATOR_LATENCY_MS: '0', ...options.env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  // 'error' without 'exit' when the process could not be spawned (or signalled).
  const exited = new Promise<Error | undefined>((resolve) => {
    child.once('exit', () => resolve(undefined));
    child.once('error', (err) => resolve(err));
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not spawn the provider emulator: ${(await exited)?.message}`);
  const baseUrl = `http://127.0.0.1:${port}`;

  try {
    // waitFor retries a throw, so an exit is a value: a crashed emulator fails at once, not after the timeout.
    const outcome = await waitFor(
      async () => (hasExited(child) ? 'exited' : (await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) })).ok && 'ready'),
      { description: 'the provider emulator to answer /health', timeoutMs: 30_000, intervalMs: 100 },
    );
    if (outcome === 'exited')
      throw new Error(`the provider emulator exited (code ${child.exitCode}, signal ${child.signalCode}): ${stderr}`);
  } catch (err) {
    child.kill('SIGKILL');
    await exited;
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
    pid,
    admin,
    createAccount: (body = {}) => admin<EmulatorAccount>('POST', '/accounts', { objects: { charges: 5 }, ...body }),
    requestsServed: async (accountId) => (await admin<{ requests: number }>('GET', `/accounts/${accountId}/stats`)).requests,
    hold: async (accountId, held, after = 0) =>
      (await admin<{ waiting: number }>('POST', `/accounts/${accountId}/hold`, held ? { held, after } : { held })).waiting,
    async stop() {
      if (!hasExited(child)) child.kill('SIGTERM');
      const escalation = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(escalation);
    },
  };
}
