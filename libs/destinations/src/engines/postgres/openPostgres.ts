import { isIP } from 'node:net';
import type { ConnectionOptions as TlsOptions } from 'node:tls';
import pg from 'pg';
import type { SslMode } from '../../connectionString/fields';
import { effectiveSslMode } from '../../network/tlsDefault';
import type { OpenTarget } from '../types';
import type { PostgresHandle } from './postgresHandle';
import { NO_TLS_MESSAGE } from './postgresErrors';
import { isErrorLike } from '../networkErrors';

// Always a fresh object: pg keeps a reference to what it is given.
function tlsOptions(mode: SslMode, host: string): TlsOptions | false {
  if (mode === 'disable') return false;
  // The socket goes to the resolved address; the certificate is checked against, and SNI
  // carries, the name the user wrote. SNI must not be an IP address (RFC 6066).
  const servername = isIP(host) ? undefined : host;
  if (mode === 'verify-full') return { rejectUnauthorized: true, servername };
  if (mode === 'verify-ca') return { rejectUnauthorized: true, servername, checkServerIdentity: () => undefined };
  return { rejectUnauthorized: false, servername };
}

/**
 * Our transactions are never idle: a writer sends COPY, the upsert and COMMIT back to back. A
 * session idle inside one belongs to a loader that died while its TCP connection stayed open (a
 * host lost without a reset, a proxy that kept its upstream side). Postgres would keep that
 * session, and the row locks its upsert took, until TCP keepalive gives up (hours): every later
 * write of those rows waits out its statement timeout and fails. Ended after this long instead.
 */
export const ABANDONED_TRANSACTION_MS = 30_000;

async function attempt(target: OpenTarget, ssl: TlsOptions | false): Promise<PostgresHandle> {
  const { fields } = target;
  const client = new pg.Client({
    host: target.address,
    port: fields.port,
    user: fields.user,
    password: fields.password,
    database: fields.database,
    ssl,
    connectionTimeoutMillis: target.connectTimeoutMs,
    statement_timeout: target.statementTimeoutMs,
    idle_in_transaction_session_timeout: target.abandonedTransactionMs ?? ABANDONED_TRANSACTION_MS,
    application_name: 'datasync',
  });
  // An idle client whose server goes away emits 'error'; unheard, that would end the process.
  // The next query fails anyway and its caller handles that.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  return {
    engine: 'postgres',
    client,
    readBounds: target.readBounds,
    async query(sql, params = []) {
      const result = await client.query(sql, params as unknown[]);
      return { rows: result.rows as Record<string, unknown>[], rowCount: result.rowCount ?? result.rows.length };
    },
    async close() {
      await client.end().catch(() => undefined);
    },
  };
}

/** Opens a pg.Client to the approved address; without sslmode, verified TLS to a public host (network/tlsDefault.ts). */
export async function openPostgres(target: OpenTarget): Promise<PostgresHandle> {
  const mode = effectiveSslMode(target.fields.sslmode, target.address);
  try {
    return await attempt(target, tlsOptions(mode, target.fields.host));
  } catch (err) {
    if (mode === 'prefer' && isErrorLike(err) && err.message === NO_TLS_MESSAGE) return attempt(target, false);
    throw err;
  }
}
