import { knex as knexFactory, type Knex } from 'knex';
import { Pool } from 'pg';
import type { Logger } from '@datasync/logger';
import { waitOutFullServer } from './fullServer';

export type { Knex };

export interface DbOptions {
  url: string;
  /** Shown in pg_stat_activity, so an operator can tell which process holds a connection. */
  applicationName: string;
  /** Per-connection statement_timeout; 0 disables it (migrations). */
  statementTimeoutMs: number;
  poolMax: number;
  /** How long opening a connection may take before the caller gets an error. Default 10 s. */
  connectTimeoutMs?: number;
  logger?: Logger;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

// statement_timeout and application_name go into pg's startup packet: they hold for every
// connection from its first query, with no extra round trip and no pool hook to forget.
function clientConfig(options: DbOptions) {
  return {
    connectionString: options.url,
    application_name: options.applicationName,
    statement_timeout: options.statementTimeoutMs > 0 ? options.statementTimeoutMs : (false as const),
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
  };
}

/** The knex handle of the control-plane database. Close it with `knex.destroy()`. */
export function createKnex(options: DbOptions): Knex {
  const { logger } = options;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const knex = knexFactory({
    client: 'pg',
    connection: clientConfig(options),
    // min 0: an idle process holds no connections, and a restarted Postgres leaves no dead ones behind.
    pool: { min: 0, max: options.poolMax },
    acquireConnectionTimeout: connectTimeoutMs,
    log: {
      warn: (detail: unknown) => logger?.warn('knex warning', { detail }),
      error: (detail: unknown) => logger?.error('knex error', { detail }),
      deprecate: (method: string, alternative: string) => logger?.warn('knex deprecation', { method, alternative }),
      debug: (detail: unknown) => logger?.debug('knex debug', { detail }),
    },
  });
  waitOutFullServer(knex, connectTimeoutMs);
  return knex;
}

/** A raw pg pool, for what knex does not do (COPY streams). Close it with `pool.end()`. */
export function createPgPool(options: DbOptions): Pool {
  const pool = new Pool({ ...clientConfig(options), max: options.poolMax, idleTimeoutMillis: 10_000 });
  // An idle client whose server goes away emits 'error' on the pool; unhandled, it would kill the process.
  pool.on('error', (err) => options.logger?.warn('idle postgres connection failed', { error: err.message }));
  return pool;
}

/** Readiness check: resolves when Postgres answers a query, rejects otherwise. */
export async function pingDatabase(knex: Knex): Promise<void> {
  await knex.raw('select 1');
}
