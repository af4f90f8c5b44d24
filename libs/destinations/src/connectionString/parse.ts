import type { SqlEngineName } from '../engines/engineNames';
import { getEngine, isEngineName } from '../engines/registry';
import type { ConnectionFields, S3ConnectionFields, SqlConnectionFields } from './fields';
import { fail } from './urlParts';

/**
 * Parses a connection string of `engineName` with that engine's own syntax
 * (`<scheme>://<user>:<secret>@<host>:<port>/<database or bucket>[?…]`). Throws
 * ConnectionStringError, whose message names the problem and never contains the secret.
 */
export function parseConnectionString(engineName: SqlEngineName, text: string): SqlConnectionFields;
export function parseConnectionString(engineName: 's3', text: string): S3ConnectionFields;
export function parseConnectionString(engineName: string, text: string): ConnectionFields;
export function parseConnectionString(engineName: string, text: string): ConnectionFields {
  if (!isEngineName(engineName)) fail(`Unknown database engine "${engineName}".`);
  return getEngine(engineName).parse(text);
}
