import { mysqlEngine } from './mysql/mysqlEngine';
import { postgresEngine } from './postgres/postgresEngine';
import type { EngineDefinition, EngineName } from './types';

// The one list of engines: the API's enum, parsing and connect all read it.
const engines: Record<EngineName, EngineDefinition> = {
  postgres: postgresEngine,
  mysql: mysqlEngine,
};

export const engineNames = Object.keys(engines) as EngineName[];

export function isEngineName(name: string): name is EngineName {
  return Object.prototype.hasOwnProperty.call(engines, name);
}

export function getEngine(name: EngineName): EngineDefinition {
  return engines[name];
}
