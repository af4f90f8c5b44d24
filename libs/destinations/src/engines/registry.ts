import type { ConnectionFields } from '../connectionString/fields';
import { mysqlEngine } from './mysql/mysqlEngine';
import { postgresEngine } from './postgres/postgresEngine';
import { s3Engine } from './s3/s3Engine';
import type { BlobEngine, DestinationEngine, DestinationHandle, EngineDefinition, EngineName, SqlEngine, SqlEngineName } from './types';

// The one list of engines: the API's enum, parsing, connect and every operation read it.
const engines: Record<EngineName, EngineDefinition> = {
  postgres: postgresEngine,
  mysql: mysqlEngine,
  s3: s3Engine,
};

export const engineNames = Object.keys(engines) as EngineName[];

export function isEngineName(name: string): name is EngineName {
  return Object.prototype.hasOwnProperty.call(engines, name);
}

export function getEngine(name: SqlEngineName): SqlEngine;
export function getEngine(name: 's3'): BlobEngine;
export function getEngine(name: EngineName): EngineDefinition;
export function getEngine(name: EngineName): EngineDefinition {
  return engines[name];
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
