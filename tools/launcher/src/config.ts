import path from 'node:path';
import { Joi, commonEnv, loadConfig } from '@datasync/config';

/** The repository root, from both src (jest) and dist (node). */
export const repoRoot = path.resolve(__dirname, '..', '..', '..');

const port = (preferred: number, what: string) =>
  Joi.number()
    .integer()
    .min(0)
    .max(65535)
    .default(preferred)
    .description(`${what}; taken by something else ⇒ a free one; 0 ⇒ always a free one`);

/** A program's full path, for one installed where the search does not look. */
const programPath = (program: string, unset: string) => Joi.string().description(`full path of ${program}; unset ⇒ found ${unset}`);

/** DATASYNC_DATA_DIR as an absolute path. */
export function resolveDataDir(dir: string): string {
  return path.resolve(repoRoot, dir);
}

/** `npm start`'s own settings; the services get theirs from the launcher. */
export const launcherEnv = {
  ...commonEnv,
  HOST: Joi.string().default('127.0.0.1').description('interface every local process listens on'),
  DATASYNC_DATA_DIR: Joi.string()
    .default('.data')
    .description('folder (relative to the repository root) for the embedded Postgres data, local secrets and demo.json'),
  DATABASE_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .description('control-plane Postgres; unset ⇒ an embedded Postgres in DATASYNC_DATA_DIR'),
  REDIS_URL: Joi.string()
    .uri({ scheme: ['redis', 'rediss'] })
    .description('Redis for the queues; unset ⇒ a redis-server child process on a free port'),
  SECRETS_MASTER_KEYS: Joi.string().description(
    'master keys passed to the services; unset ⇒ one generated once and kept in DATASYNC_DATA_DIR',
  ),
  PROVIDER_EMULATOR_PORT: port(12111, 'provider-emulator port'),
  CONFIG_SERVICE_PORT: port(4100, 'config-service port'),
  ACCOUNTS_API_PORT: port(4000, 'accounts-api port'),
  ACCOUNTS_API_METRICS_PORT: port(9464, 'accounts-api metrics port (GET /metrics, apart from the public port)'),
  CONFIG_SERVICE_METRICS_PORT: port(9465, 'config-service metrics port (GET /metrics, apart from the public port)'),
  LOADER_PORT: port(4200, 'first loader port (health and metrics); the next loaders take the following ports'),
  LOADER_REPLICAS: Joi.number().integer().min(1).max(16).default(2).description('loader processes to start'),
  STARTUP_TIMEOUT_MS: Joi.number()
    .integer()
    .min(1000)
    .default(90_000)
    .description('how long a process may take to answer /health before the launcher gives up'),
};

export interface LauncherConfig {
  NODE_ENV: string;
  LOG_LEVEL: string;
  HOST: string;
  DATASYNC_DATA_DIR: string;
  DATABASE_URL?: string;
  REDIS_URL?: string;
  SECRETS_MASTER_KEYS?: string;
  PROVIDER_EMULATOR_PORT: number;
  CONFIG_SERVICE_PORT: number;
  ACCOUNTS_API_PORT: number;
  ACCOUNTS_API_METRICS_PORT: number;
  CONFIG_SERVICE_METRICS_PORT: number;
  LOADER_PORT: number;
  LOADER_REPLICAS: number;
  STARTUP_TIMEOUT_MS: number;
}

export function loadLauncherConfig(env: NodeJS.ProcessEnv = process.env): Readonly<LauncherConfig> {
  return loadConfig<LauncherConfig>('launcher', launcherEnv, env);
}

/**
 * `npm test`'s settings: where the test servers are. Unset ⇒ private ones started for the run,
 * never the machine's own; set ⇒ that server, on purpose.
 */
export const testRunnerEnv = {
  DATABASE_URL: Joi.string()
    .uri({ scheme: ['postgres', 'postgresql'] })
    .description('Postgres for tests; unset ⇒ an embedded Postgres of the run, in DATASYNC_DATA_DIR/test-postgres, on a free port'),
  REDIS_URL: Joi.string()
    .uri({ scheme: ['redis', 'rediss'] })
    .description('Redis for tests; unset ⇒ a redis-server child process on a free port'),
  MYSQL_URL: Joi.string()
    .uri({ scheme: ['mysql'] })
    .description('MariaDB/MySQL for destination tests; unset ⇒ a mariadbd child process in DATASYNC_DATA_DIR/test-mariadb, on a free port'),
  DATASYNC_DATA_DIR: launcherEnv.DATASYNC_DATA_DIR,
  REDIS_SERVER_PATH: programPath('redis-server', 'on PATH or in sbin'),
  MARIADBD_PATH: programPath('mariadbd', 'on PATH or in sbin; mariadb-install-db is looked for on PATH and beside it'),
  CHROMIUM_PATH: programPath('Chromium the dashboard tests drive', 'chromium, chromium-browser or google-chrome on PATH, or the macOS app'),
  PROMTOOL_PATH: programPath("Prometheus's promtool", 'on PATH; absent ⇒ the promtool checks are skipped, saying so'),
  PROMETHEUS_PATH: programPath('the Prometheus server', 'on PATH; absent ⇒ its test is skipped, saying so'),
  E2E_LOG_DIR: Joi.string().description(
    "folder where end-to-end tests append each process's whole output, a file per process named after it (for a failure the last lines do not explain)",
  ),
  E2E_LOG_LEVEL: Joi.string()
    .valid('error', 'warn', 'info', 'debug')
    .default('warn')
    .description('log level of the processes end-to-end tests start'),
};

export interface TestRunnerConfig {
  DATABASE_URL?: string;
  REDIS_URL?: string;
  MYSQL_URL?: string;
  DATASYNC_DATA_DIR: string;
  REDIS_SERVER_PATH?: string;
  MARIADBD_PATH?: string;
  CHROMIUM_PATH?: string;
  PROMTOOL_PATH?: string;
  PROMETHEUS_PATH?: string;
  E2E_LOG_DIR?: string;
  E2E_LOG_LEVEL: string;
}

export function loadTestRunnerConfig(env: NodeJS.ProcessEnv = process.env): Readonly<TestRunnerConfig> {
  return loadConfig<TestRunnerConfig>('npm test', testRunnerEnv, env);
}

/**
 * The environment children inherit (PATH, HOME, locale…). Read here because config.ts is the
 * only place allowed to touch process.env.
 */
export function inheritedEnv(): NodeJS.ProcessEnv {
  return { ...process.env };
}
