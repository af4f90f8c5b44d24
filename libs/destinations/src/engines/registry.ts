import { mysqlEngine } from './mysql/mysqlEngine';
import { postgresEngine } from './postgres/postgresEngine';
import { s3Engine } from './s3/s3Engine';
import type { BlobEngine, EngineDefinition, EngineName, SqlEngine, SqlEngineName } from './types';

// The one list of engines: the API's enum, parsing and connect all read it.
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
