import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { freePort, waitFor } from '@datasync/testing';
import { repoRoot } from './repo';

/** A built service (`services/<name>/dist/main.js`) running as its own process on a free port. */
export interface ServiceProcess {
  name: string;
  url: string;
  pid: number;
  /** The last lines the process printed, for failure messages. */
  output(): string;
  /** SIGTERM and wait for the exit (graceful shutdown). */
  stop(): Promise<void>;
  /** SIGKILL and wait: no shutdown code runs, as when a machine dies. */
  kill(): Promise<void>;
  exited: Promise<number | null>;
}

export async function startServiceProcess(
  service: string,
  env: Record<string, string>,
  name = service,
  options: { logFile?: string } = {},
): Promise<ServiceProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'services', service, 'dist', 'main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      HOST: '127.0.0.1',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // E2E_LOG_DIR keeps every process's whole output (at E2E_LOG_LEVEL) for a failure that the last
  // lines do not explain; a process that tests in other workers share writes to a file they read.
  const logPath = options.logFile ?? (process.env.E2E_LOG_DIR ? path.join(process.env.E2E_LOG_DIR, `${name}.log`) : undefined);
  const logFile = logPath ? createWriteStream(logPath, { flags: 'a' }) : undefined;
  const keep = (chunk: Buffer) => {
    logFile?.write(chunk);
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${output}`);
        return (await fetch(`${url}/health`)).ok;
      },
      { description: `${name} to answer /health`, timeoutMs: 30_000, intervalMs: 100 },
    );
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { name, url, pid: child.pid as number, output: () => output, stop: () => end('SIGTERM'), kill: () => end('SIGKILL'), exited };
}

export interface EmulatorProcess extends ServiceProcess {
  createAccount(body?: Record<string, unknown>): Promise<{ id: string; secret_key: string; client_id: string }>;
  stats(accountId: string): Promise<{ requests: number; by_endpoint: Record<string, number> }>;
  /** Sets the account's fault overrides (`latency_ms: 0` turns the default Stripe-like latency off). */
  faults(accountId: string, body: Record<string, unknown>): Promise<unknown>;
}

export async function startEmulatorProcess(env: Record<string, string> = {}): Promise<EmulatorProcess> {
  const emulator = await startServiceProcess('provider-emulator', env);
  const admin = async <T>(method: string, adminPath: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${emulator.url}/_emulator${adminPath}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /_emulator${adminPath} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  };
  return {
    ...emulator,
    createAccount: (body = {}) => admin('POST', '/accounts', body),
    stats: (accountId) => admin('GET', `/accounts/${accountId}/stats`),
    faults: (accountId, body) => admin('POST', `/accounts/${accountId}/faults`, body),
  };
}
