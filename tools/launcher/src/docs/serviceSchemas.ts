import path from 'node:path';
import type { Joi } from '@datasync/config';
import { launcherEnv, repoRoot, testRunnerEnv } from '../config';

export const SERVICES = ['provider-emulator', 'config-service', 'accounts-api', 'loader'] as const;
export type ServiceName = (typeof SERVICES)[number];

type Schema = Joi.PartialSchemaMap;

/**
 * Where schemas are read from: `src` under jest (its transform compiles them), `dist` under node.
 * Tools never import services at build time (services are not libraries), so they load by path.
 */
export type SchemaSource = 'src' | 'dist';

export function serviceSchema(service: ServiceName, from: SchemaSource = 'src'): Schema {
  return exported(path.join(repoRoot, 'services', service, from, from === 'src' ? 'config.ts' : 'config.js'), 'configSchema');
}

export function migrateSchema(from: SchemaSource = 'src'): Schema {
  return exported(path.join(repoRoot, 'libs', 'db', from, from === 'src' ? 'config.ts' : 'config.js'), 'migrateEnv');
}

export interface DocumentedSchema {
  /** The process's name in docs/configuration.md, as in its `<!-- env: name -->` marker. */
  name: string;
  /** Loaded lazily, so one missing service fails its own test only. */
  schema: () => Schema;
}

/** Every process whose configuration docs/configuration.md documents. */
export function documentedSchemas(from: SchemaSource = 'src'): DocumentedSchema[] {
  return [
    { name: 'npm start', schema: () => launcherEnv },
    { name: 'npm test', schema: () => testRunnerEnv },
    { name: 'migrate', schema: () => migrateSchema(from) },
    ...SERVICES.map((name) => ({ name, schema: () => serviceSchema(name, from) })),
  ];
}

function exported(file: string, name: string): Schema {
  const module = require(file) as Record<string, unknown>;
  const schema = module[name];
  if (!schema || typeof schema !== 'object') throw new Error(`${file} does not export ${name}`);
  return schema as Schema;
}
