import { classifyNetworkError, isErrorLike } from '../networkErrors';
import type { ClassifiedError } from '../types';

const byErrno: Record<number, ClassifiedError['code']> = {
  1045: 'authentication', // access denied (user or password)
  1698: 'authentication', // access denied without a password
  1130: 'authentication', // host not allowed to connect
  1251: 'authentication', // client does not support the auth protocol
  1524: 'authentication', // auth plugin not loaded
  1049: 'database_missing',
  1044: 'privilege', // no access to the database (it may also not exist)
  1142: 'privilege', // command denied on a table
  1143: 'privilege', // command denied on a column
  1227: 'privilege',
  1040: 'unavailable', // too many connections
  1203: 'unavailable',
  1226: 'unavailable', // a user resource limit reached
  3024: 'timeout', // MySQL max_execution_time
  1969: 'timeout', // MariaDB max_statement_time
  3159: 'tls', // the server requires TLS
  1146: 'table_changed', // no such table
  1054: 'table_changed', // unknown column
};

const byCode: Record<string, ClassifiedError['code']> = {
  HANDSHAKE_NO_SSL_SUPPORT: 'tls',
  PROTOCOL_SEQUENCE_TIMEOUT: 'timeout',
  PROTOCOL_CONNECTION_LOST: 'connection_failed',
};

/** Maps a mysql2 error to a failure code. */
export function classifyMysqlError(err: unknown): ClassifiedError | undefined {
  if (!isErrorLike(err)) return undefined;
  const { errno, code, sqlMessage } = err as { errno?: unknown; code?: unknown; sqlMessage?: unknown };
  const detail = typeof sqlMessage === 'string' ? sqlMessage : err.message;
  if (typeof code === 'string' && byCode[code]) {
    return { code: byCode[code], detail: code === 'HANDSHAKE_NO_SSL_SUPPORT' ? 'the server does not accept TLS connections' : detail };
  }
  if (typeof sqlMessage === 'string' && typeof errno === 'number') return { code: byErrno[errno] ?? 'statement_failed', detail };
  return classifyNetworkError(err);
}

/** The privilege a MySQL/MariaDB denial names ("DELETE command denied to user …"). */
export function deniedCommand(err: unknown): string | undefined {
  const message = (err as { sqlMessage?: unknown } | undefined)?.sqlMessage;
  if (typeof message !== 'string') return undefined;
  return /^([A-Z][A-Z ]*?) command denied/.exec(message)?.[1];
}
