import type { ConnectionFields } from '../connectionString/fields';
import { mysqlEngine } from './mysql/mysqlEngine';
import { postgresEngine } from './postgres/postgresEngine';
import { s3Engine } from './s3/s3Engine';
import type { DestinationEngine, DestinationHandle, EngineName, EngineTypes } from './types';

// The one list of engines: the API's enum, parsing, connect and every operation read it. An
// engine whose folder declares its types but has no line here fails to compile.
const engines = {
  postgres: postgresEngine,
  mysql: mysqlEngine,
  s3: s3Engine,
} satisfies { [N in EngineName]: EngineTypes[N]['definition'] };

/** The registered engines' definitions by name (this type also carries each folder's declared types to the package's users). */
export type RegisteredEngines = typeof engines;

export const engineNames = Object.keys(engines) as EngineName[];

export function isEngineName(name: string): name is EngineName {
  return Object.prototype.hasOwnProperty.call(engines, name);
}

export function getEngine<N extends EngineName>(name: N): EngineTypes[N]['definition'] {
  return (engines as { [M in EngineName]: EngineTypes[M]['definition'] })[name];
}

/** Any engine, seen through the one interface: what generic code calls. */
export type AnyEngine = DestinationEngine<DestinationHandle, ConnectionFields>;

/**
 * The engine that opened `handle` (or parsed `fields`). Each engine's operations take its own
 * handle and fields; a handle's `engine` names the engine that made it, so handing it back to
 * that engine is sound, which is what the cast says.
 */
export function engineOf(made: { engine: EngineName }): AnyEngine {
  return engines[made.engine] as AnyEngine;
}
