import path from 'node:path';
import mysql from 'mysql2/promise';
import { resolveDataDir, type TestRunnerConfig } from './config';
import { loadLocalState } from './localState';
import { databaseName, ensureDatabase, withDatabase } from '@datasync/db';
import { pingPostgres } from './pgAdmin';
import { PortPicker } from './ports';
import { startEmbeddedPostgres } from './postgres';
import type { ProcessGroup } from './processes';
import { pingRedis, startRedisServer } from './redis';

export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/datasync_test';
export const LOCAL_REDIS = 'redis://127.0.0.1:6379';
export const LOCAL_MYSQL = 'mysql://root@127.0.0.1:3306/test';

const STARTUP_TIMEOUT_MS = 60_000;

export interface TestServers {
  DATABASE_URL: string;
  REDIS_URL: string;
  MYSQL_URL: string;
}

/**
 * Where the tests' Postgres, Redis and MariaDB are: the URLs given, else the local servers on
 * their default ports, else (Postgres, Redis) ones started here. A URL that was given but does
 * not answer is an error, never silently replaced by another server.
 */
export async function ensureTestServers(
  config: TestRunnerConfig,
  group: ProcessGroup,
  log: (message: string) => void,
): Promise<TestServers> {
  const ports = new PortPicker('127.0.0.1');
  const DATABASE_URL = await ensurePostgres(config, group, ports, log);
  const REDIS_URL = await ensureRedis(config, group, ports, log);
  const MYSQL_URL = await ensureMysql(config.MYSQL_URL ?? LOCAL_MYSQL);
  return { DATABASE_URL, REDIS_URL, MYSQL_URL };
}

async function ensurePostgres(config: TestRunnerConfig, group: ProcessGroup, ports: PortPicker, log: (m: string) => void) {
  const url = config.DATABASE_URL ?? LOCAL_POSTGRES;
  try {
    await createIfMissing(url);
    return url;
  } catch (err) {
    if (config.DATABASE_URL) throw new Error(`DATABASE_URL does not answer: ${String(err)}`, { cause: err });
  }
  log(`no Postgres at ${LOCAL_POSTGRES}: starting an embedded one`);
  const dataDir = resolveDataDir(config.DATASYNC_DATA_DIR);
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

async function createIfMissing(url: string): Promise<void> {
  try {
    await pingPostgres(url);
  } catch (err) {
    // 3D000: the server answers but the database does not exist yet.
    if ((err as { code?: string }).code !== '3D000') throw err;
    await ensureDatabase(withDatabase(url, 'postgres'), databaseName(url));
  }
}

async function ensureRedis(config: TestRunnerConfig, group: ProcessGroup, ports: PortPicker, log: (m: string) => void) {
  const url = config.REDIS_URL ?? LOCAL_REDIS;
  try {
    await pingRedis(url);
    return url;
  } catch (err) {
    if (config.REDIS_URL) throw new Error(`REDIS_URL does not answer: ${String(err)}`, { cause: err });
  }
  log(`no Redis at ${LOCAL_REDIS}: starting redis-server`);
  const redis = await startRedisServer({ port: await ports.pick(0), group, timeoutMs: STARTUP_TIMEOUT_MS });
  return redis.url;
}

/** MariaDB is not started here: it has no embedded package, and .ci/setup installs and starts it. */
async function ensureMysql(url: string): Promise<string> {
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
    throw new Error(`MariaDB does not answer at ${server.host} (${String(err)}): run sudo .ci/setup, or set MYSQL_URL`, { cause: err });
  }
  return url;
}
