import { classifyNetworkError, isErrorLike } from '../networkErrors';
import type { ClassifiedError } from '../types';

const bySqlState: Record<string, ClassifiedError['code']> = {
  '28P01': 'authentication',
  '28000': 'authentication',
  '3D000': 'database_missing',
  '3F000': 'schema_missing',
  '42501': 'privilege',
  '53300': 'unavailable',
  '57P03': 'unavailable',
  '57P01': 'unavailable',
  '57014': 'timeout',
  '55P03': 'timeout',
  '42P01': 'table_changed', // undefined_table
  '42703': 'table_changed', // undefined_column
};

/** The text pg uses when the server answers an SSL request with "no". */
export const NO_TLS_MESSAGE = 'The server does not support SSL connections';

/** Maps a node-postgres error to a failure code. */
export function classifyPostgresError(err: unknown): ClassifiedError | undefined {
  if (!isErrorLike(err)) return undefined;
  const sqlState = (err as { code?: unknown }).code;
  if (typeof sqlState === 'string' && /^[0-9A-Z]{5}$/.test(sqlState)) {
    const code = bySqlState[sqlState] ?? (sqlState.startsWith('08') ? 'connection_failed' : 'statement_failed');
    return { code, detail: err.message };
  }
  const network = classifyNetworkError(err);
  if (network) return network;
  if (err.message === NO_TLS_MESSAGE) return { code: 'tls', detail: 'the server does not accept TLS connections' };
  if (/connection timeout|timeout expired|Query read timeout/i.test(err.message)) return { code: 'timeout' };
  // pg reports a password-requiring server met with an empty password this way.
  if (/password must be a string|SASL/i.test(err.message)) return { code: 'authentication' };
  // A pooled connection whose server went away while it was idle: pg refuses its next query so.
  if (/Connection terminated|not queryable/i.test(err.message)) {
    return { code: 'connection_failed', detail: 'the server closed the connection' };
  }
  return undefined;
}
