import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '@datasync/testing';
import { repoRoot } from './repo';

export interface Demo {
  services: { provider_emulator: string; config_service: string; accounts_api: string; loaders: string[] };
  /** Prometheus metrics: the APIs' on ports of their own, the loaders' on theirs. */
  metrics: string[];
  control_plane: { database_url: string; redis_url: string };
  destination: { engine: string; database: string; connection_string: string };
}

/** demo.json of a run whose demo offers an account to attach, with the credential to attach it. */
export interface AttachableDemo extends Demo {
  client_credentials: { client_id: string; client_secret: string };
  attachable_account: { id: string; secret_key: string };
}

/**
 * A data folder of the test file's own for its launcher runs: made before its tests, removed after
 * them, with a launcher still running stopped first (a failed test must not leave a system up).
 * Call at the top of a test file; `start()` runs the launcher on that folder.
 */
export function launcherWorkspace(name: string): { start(): LauncherRun } {
  let dataDir = '';
  let current: LauncherRun | undefined;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), `datasync-${name}-`));
    // As root the embedded Postgres runs as the `postgres` OS user, which must reach its folder.
    chmodSync(dataDir, 0o755);
  });
  afterAll(async () => {
    if (current && current.process.exitCode === null && current.process.signalCode === null) {
      current.process.kill('SIGINT');
      await current.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { start: () => (current = new LauncherRun(dataDir)) };
}

/** `node tools/launcher/dist/main.js` (what `npm start` runs after its build), on free ports. */
export class LauncherRun {
  readonly process: ChildProcess;
  private output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(readonly dataDir: string) {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATASYNC_DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // 0: free ports, so this runs beside a developer's `npm start` and other tests.
      PROVIDER_EMULATOR_PORT: '0',
      CONFIG_SERVICE_PORT: '0',
      ACCOUNTS_API_PORT: '0',
      LOADER_PORT: '0',
    };
    // The fresh-clone path: embedded Postgres and a redis-server child, not the test servers.
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    delete env.SECRETS_MASTER_KEYS;
    this.process = spawn(process.execPath, [path.join(repoRoot, 'tools', 'launcher', 'dist', 'main.js')], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output += chunk.toString();
    };
    this.process.stdout?.on('data', keep);
    this.process.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => this.process.once('exit', (code, signal) => resolve({ code, signal })));
  }

  get pid(): number {
    if (this.process.pid === undefined) throw new Error('launcher did not start');
    return this.process.pid;
  }

  /** The launcher's output so far, for failure messages. */
  log(): string {
    return this.output;
  }

  /** demo.json once written: the launcher writes it last, after every /health answered. */
  async demo(timeoutMs: number): Promise<Demo> {
    const file = path.join(this.dataDir, 'demo.json');
    const written = waitFor(
      () => {
        try {
          return JSON.parse(readFileSync(file, 'utf8')) as Demo;
        } catch {
          return undefined;
        }
      },
      { description: 'the launcher to write demo.json', timeoutMs, intervalMs: 250 },
    );
    const died = this.exited.then((status) => {
      throw new Error(`launcher exited (${JSON.stringify(status)}) before writing demo.json`);
    });
    try {
      return await Promise.race([written, died]);
    } catch (err) {
      throw new Error(`${err instanceof Error ? err.message : String(err)}\nlauncher output:\n${this.output}`, { cause: err });
    } finally {
      died.catch(() => undefined);
      written.catch(() => undefined);
    }
  }
}
