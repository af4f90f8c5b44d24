import { connect as netConnect } from 'node:net';
import mysql, { type ConnectionOptions, type ExecuteValues, type SslOptions } from 'mysql2/promise';
import type { SslMode } from '../../connectionString/fields';
import { effectiveSslMode } from '../../network/tlsDefault';
import type { OpenTarget, QueryResult } from '../types';
import type { MysqlHandle } from './mysqlHandle';

function sslOptions(mode: SslMode): SslOptions | undefined {
  if (mode === 'disable') return undefined;
  if (mode === 'verify-full') return { rejectUnauthorized: true, verifyIdentity: true };
  if (mode === 'verify-ca') return { rejectUnauthorized: true, verifyIdentity: false };
  return { rejectUnauthorized: false };
}

function toResult(result: unknown): QueryResult {
  if (Array.isArray(result)) return { rows: result as Record<string, unknown>[], rowCount: result.length };
  return { rows: [], rowCount: Number((result as { affectedRows?: number }).affectedRows ?? 0) };
}

async function attempt(target: OpenTarget, ssl: SslOptions | undefined): Promise<MysqlHandle> {
  const { fields } = target;
  const options: ConnectionOptions = {
    // mysql2 would connect to `host` itself; handing it our own socket to the approved address
    // keeps `host` as the name TLS verifies (and sends as SNI) without a second DNS lookup.
    host: fields.host,
    stream: () => netConnect({ host: target.address, port: fields.port }),
    port: fields.port,
    user: fields.user,
    password: fields.password,
    database: fields.database,
    ssl,
    connectTimeout: target.connectTimeoutMs,
    charset: 'utf8mb4',
    // Dates are written and read as UTC; DATETIME columns have no time zone of their own.
    timezone: 'Z',
    supportBigNumbers: true,
    bigNumberStrings: true,
    // JSON columns come back as text that our readers parse with JSON.parse, as Postgres's jsonb
    // is: mysql2's own parsing turns integers past 2^53 into strings where Node 22 allows it (and
    // not on Node 20), so the same stored object would read differently on each.
    jsonStrings: true,
    multipleStatements: false,
  };
  const connection = await mysql.createConnection(options);
  // A connection dropped while idle emits 'error'; unheard, that would end the process.
  connection.on('error', () => undefined);
  const timeout = target.statementTimeoutMs;
  return {
    engine: 'mysql',
    connection,
    readBounds: target.readBounds,
    async query(sql, params = []) {
      const [result] = await connection.query({ sql, timeout }, params as unknown[]);
      return toResult(result);
    },
    async execute(sql, params) {
      const [result] = await connection.execute({ sql, timeout }, params as ExecuteValues[]);
      return toResult(result);
    },
    async close() {
      await connection.end().catch(() => connection.destroy());
    },
  };
}

/** Opens a mysql2 connection to the approved address; without sslmode, verified TLS to a public host (network/tlsDefault.ts). */
export async function openMysql(target: OpenTarget): Promise<MysqlHandle> {
  const mode = effectiveSslMode(target.fields.sslmode, target.address);
  try {
    return await attempt(target, sslOptions(mode));
  } catch (err) {
    if (mode === 'prefer' && (err as { code?: unknown }).code === 'HANDSHAKE_NO_SSL_SUPPORT') return attempt(target, undefined);
    throw err;
  }
}
