import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';
import { inheritedEnv } from './config';
import { pollUntil } from './poll';
import type { ManagedChild, ProcessGroup } from './processes';
import { MissingProgramError, PROGRAMS, findProgram, installHint, requireProgram } from './programs';

export interface PrivateMariadbOptions {
  /** The data folder; initialised when it holds no database yet, kept otherwise. */
  dataDir: string;
  port: number;
  group: ProcessGroup;
  timeoutMs: number;
}

export interface RunningMariadb {
  /** root (no password, this instance only) at 127.0.0.1:port, database `test`. */
  url: string;
  child: ManagedChild;
}

/**
 * A MariaDB of the tests' own: the installed mariadbd run as our child on its own data folder,
 * port and socket, reading no configuration file (--no-defaults), so the machine's MariaDB, its
 * settings and its users are never touched. Its root has no password, which is safe because this
 * server listens on 127.0.0.1 only and lives as long as the test run.
 */
export async function startPrivateMariadb(options: PrivateMariadbOptions): Promise<RunningMariadb> {
  const mariadbd = requireProgram(PROGRAMS.mariadbd, inheritedEnv(), 'MYSQL_URL to a running MariaDB');
  if (!existsSync(path.join(options.dataDir, 'mysql'))) await initialise(mariadbd, options.dataDir);
  // A short socket path of its own (unix sockets allow ~100 characters), removed when it stops.
  const socketDir = await fs.mkdtemp(path.join(os.tmpdir(), 'datasync-mariadb-'));
  const child = options.group.start({
    name: 'mariadb',
    command: mariadbd,
    args: [
      ...serverOptions(options.dataDir),
      `--port=${options.port}`,
      '--bind-address=127.0.0.1',
      `--socket=${path.join(socketDir, 'mysqld.sock')}`,
      `--pid-file=${path.join(socketDir, 'mysqld.pid')}`,
      // Errors only: its startup notes (and warnings about the host-named root that
      // mariadb-install-db adds) would fill the test output.
      '--silent-startup',
      '--log-warnings=0',
    ],
    env: { PATH: inheritedEnv().PATH, LANG: 'C' },
  });
  void child.exited.then(() => fs.rm(socketDir, { recursive: true, force: true }));
  const url = `mysql://root@127.0.0.1:${options.port}/test`;
  await pollUntil('mariadbd', () => createDatabase(url), {
    timeoutMs: options.timeoutMs,
    givenUp: () => (child.running ? undefined : 'exited during startup (see its output above)'),
  });
  return { url, child };
}

/** What both the initialisation and the server read: no configuration file, the data folder, small buffers. */
function serverOptions(dataDir: string): string[] {
  return [
    // First, as mariadbd requires: never the machine's /etc/mysql or ~/.my.cnf.
    '--no-defaults',
    `--datadir=${dataDir}`,
    '--skip-name-resolve',
    '--skip-log-bin',
    '--innodb-buffer-pool-size=64M',
    '--innodb-log-file-size=16M',
    // mariadbd refuses to run as root unless told which user to be: root here, as we already are.
    ...(process.getuid?.() === 0 ? ['--user=root'] : []),
  ];
}

/**
 * A fresh data folder whose root logs in with no password from 127.0.0.1 and ::1 too (the
 * "normal" authentication method; the default, unix_socket, would only let the OS root in).
 */
async function initialise(mariadbd: string, dataDir: string): Promise<void> {
  const installDb = findInstallDb(mariadbd);
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.mkdir(dataDir, { recursive: true });
  try {
    await promisify(execFile)(installDb, [...serverOptions(dataDir), '--auth-root-authentication-method=normal', '--skip-test-db'], {
      env: { PATH: inheritedEnv().PATH, LANG: 'C' },
    });
  } catch (err) {
    // A half-initialised folder would make every later start fail the same way.
    await fs.rm(dataDir, { recursive: true, force: true });
    const output = (err as { stderr?: string }).stderr ?? String(err);
    throw new Error(`mariadb-install-db failed: ${output.trim().split('\n').slice(-5).join('\n')}`, { cause: err });
  }
}

/** mariadb-install-db: on PATH, else beside mariadbd (Homebrew) or in the bin folder next to its sbin (Debian). */
function findInstallDb(mariadbd: string): string {
  const onPath = findProgram({
    ...PROGRAMS.mariadbd,
    variable: 'MARIADB_INSTALL_DB_PATH',
    names: ['mariadb-install-db', 'mysql_install_db'],
  });
  if (onPath) return onPath;
  const home = path.dirname(mariadbd);
  const beside = [home, path.join(home, '..', 'bin'), path.join(home, '..', 'scripts')].flatMap((dir) => [
    path.join(dir, 'mariadb-install-db'),
    path.join(dir, 'mysql_install_db'),
  ]);
  const found = beside.find((file) => existsSync(file));
  if (found) return found;
  throw new MissingProgramError(
    `mariadb-install-db is not installed beside ${mariadbd}: ${installHint(PROGRAMS.mariadbd, process.platform)}`,
  );
}

/** Resolves once the server answers as root and the `test` database exists. */
async function createDatabase(url: string): Promise<void> {
  const connection = await mysql.createConnection({ uri: url.replace(/\/test$/, '/'), connectTimeout: 2000 });
  try {
    await connection.query('CREATE DATABASE IF NOT EXISTS `test`');
  } finally {
    await connection.end();
  }
}
