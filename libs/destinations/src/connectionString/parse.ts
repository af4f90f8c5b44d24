import type { EngineName, EngineTypes } from '../engines/engineNames';
import { getEngine, isEngineName } from '../engines/registry';
import type { ConnectionFields } from './fields';
import { fail } from './urlParts';

/**
 * Parses a connection string of `engineName` with that engine's own syntax
 * (`<scheme>://<user>:<secret>@<host>:<port>/<database or bucket>[?…]`). Throws
 * ConnectionStringError, whose message names the problem and never contains the secret.
 */
export function parseConnectionString<N extends EngineName>(engineName: N, text: string): EngineTypes[N]['fields'];
export function parseConnectionString(engineName: string, text: string): ConnectionFields;
export function parseConnectionString(engineName: string, text: string): ConnectionFields {
  if (!isEngineName(engineName)) fail(`Unknown database engine "${engineName}".`);
  return getEngine(engineName).parse(text);
}
