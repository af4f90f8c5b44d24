import path from 'node:path';
import { Joi } from '@datasync/config';
import { repoRoot } from './repo';

export const SERVICES = ['provider-emulator', 'config-service', 'accounts-api', 'loader'] as const;

/** A service's configSchema from its source (jest transforms it); services are not libraries. */
export function serviceSchema(service: string): Joi.PartialSchemaMap {
  const module = require(path.join(repoRoot, 'services', service, 'src', 'config.ts')) as {
    configSchema: Joi.PartialSchemaMap;
  };
  return module.configSchema;
}

export function requiredVariables(schema: Joi.PartialSchemaMap): string[] {
  const keys = (Joi.object(schema).describe() as { keys?: Record<string, { flags?: { presence?: string } }> }).keys;
  return Object.entries(keys ?? {})
    .filter(([, key]) => key.flags?.presence === 'required')
    .map(([name]) => name);
}
