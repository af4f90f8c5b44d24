import {
  DEFAULT_CONNECT_TIMEOUT_SECONDS,
  DEFAULT_SSL_MODE,
  MAX_CONNECT_TIMEOUT_SECONDS,
  sslModes,
  type SqlConnectionFields,
  type SslMode,
} from '../../connectionString/fields';
import {
  decode,
  fail,
  MAX_CONNECTION_STRING_LENGTH as MAX_LENGTH,
  parseHost,
  parsePort,
  splitHostPort,
} from '../../connectionString/urlParts';
import type { SqlEngine } from '../types';

/** What parsing needs of an engine. */
export type SqlSyntax = Pick<SqlEngine, 'name' | 'label' | 'schemes' | 'defaultPort' | 'acceptsSchemaParameter' | 'defaultSchema'>;

const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

interface Parameters {
  sslmode: SslMode;
  schema?: string;
  connectTimeoutSeconds: number;
}

function parseParameters(query: string, engine: SqlSyntax): Parameters {
  const accepted = engine.acceptsSchemaParameter ? ['sslmode', 'schema', 'connect_timeout'] : ['sslmode', 'connect_timeout'];
  const seen = new Set<string>();
  const result: Parameters = { sslmode: DEFAULT_SSL_MODE, connectTimeoutSeconds: DEFAULT_CONNECT_TIMEOUT_SECONDS };
  for (const pair of query.split('&').filter(Boolean)) {
    const eq = pair.indexOf('=');
    const name = decode(eq < 0 ? pair : pair.slice(0, eq), 'parameter name');
    const value = decode(eq < 0 ? '' : pair.slice(eq + 1), `value of "${name}"`);
    // Parameters such as host=, hostaddr=, sslrootcert= or options= would let a connection string
    // reach another host or read files on ours, so only a fixed list is accepted.
    if (!accepted.includes(name)) {
      fail(`The connection string parameter "${name}" is not accepted; accepted parameters: ${accepted.join(', ')}.`);
    }
    if (seen.has(name)) fail(`The connection string parameter "${name}" is given twice.`);
    seen.add(name);
    if (name === 'sslmode') {
      if (!(sslModes as readonly string[]).includes(value)) {
        fail(`sslmode must be one of ${sslModes.join(', ')} (leave it out for TLS with the certificate verified).`);
      }
      result.sslmode = value as SslMode;
    } else if (name === 'schema') {
      if (!SCHEMA_NAME.test(value)) {
        fail('schema must start with a letter or underscore and hold at most 63 letters, digits or underscores.');
      }
      result.schema = value;
    } else {
      const seconds = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
      if (!(seconds >= 1 && seconds <= MAX_CONNECT_TIMEOUT_SECONDS)) {
        fail(`connect_timeout must be a whole number of seconds between 1 and ${MAX_CONNECT_TIMEOUT_SECONDS}.`);
      }
      result.connectTimeoutSeconds = seconds;
    }
  }
  return result;
}

/**
 * Parses `<scheme>://<user>:<password>@<host>:<port>/<database>[?sslmode=…&schema=…&connect_timeout=…]`
 * for `engine`. User and password are percent-decoded; an IPv6 host goes in brackets. Throws
 * ConnectionStringError, whose message names the problem and never contains the password.
 */
export function parseSqlConnectionString(engine: SqlSyntax, text: string): SqlConnectionFields {
  if (text.length > MAX_LENGTH) fail(`The connection string is longer than ${MAX_LENGTH} characters.`);
  // Control characters and spaces have no meaning in a URL and would reach the driver as is.
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\s\x00-\x1f\x7f]/.test(text)) fail('The connection string contains spaces or control characters.');

  const schemeEnd = text.indexOf('://');
  const scheme = schemeEnd < 0 ? '' : text.slice(0, schemeEnd).toLowerCase();
  if (!engine.schemes.includes(scheme)) {
    fail(`A ${engine.label} connection string starts with ${engine.schemes.map((s) => `${s}://`).join(' or ')}.`);
  }
  const rest = text.slice(schemeEnd + 3);
  if (rest.includes('#')) fail('The connection string must not contain "#"; percent-encode it as %23 in the password.');

  // The password may hold unencoded "@", so the user part ends at the last "@".
  const at = rest.lastIndexOf('@');
  if (at < 0) fail('The connection string has no user; write <user>:<password>@ before the host.');
  const userInfo = rest.slice(0, at);
  const colon = userInfo.indexOf(':');
  const user = decode(colon < 0 ? userInfo : userInfo.slice(0, colon), 'user');
  const password = colon < 0 ? '' : decode(userInfo.slice(colon + 1), 'password');
  if (!user) fail('The connection string has no user.');

  const afterAt = rest.slice(at + 1);
  const slash = afterAt.indexOf('/');
  if (slash < 0) fail('The connection string has no database; end it with /<database>.');
  const [hostText, portText] = splitHostPort(afterAt.slice(0, slash));
  const host = parseHost(hostText);
  const port = parsePort(portText, engine.defaultPort);

  const pathAndQuery = afterAt.slice(slash + 1);
  const question = pathAndQuery.indexOf('?');
  const database = decode(question < 0 ? pathAndQuery : pathAndQuery.slice(0, question), 'database');
  if (!database) fail('The connection string has no database; end it with /<database>.');
  if (database.includes('/') || database.length > 63) fail('The database name is not valid: at most 63 characters, no "/".');
  const params = parseParameters(question < 0 ? '' : pathAndQuery.slice(question + 1), engine);

  return {
    engine: engine.name,
    user,
    password,
    host,
    port,
    database,
    schema: engine.acceptsSchemaParameter ? (params.schema ?? engine.defaultSchema ?? database) : database,
    sslmode: params.sslmode,
    connectTimeoutSeconds: params.connectTimeoutSeconds,
  };
}
