import { Joi, commonEnv, loadConfig } from '@datasync/config';
import { dbEnv } from '@datasync/db';
import { httpEnv } from '@datasync/http';
import { queueEnv } from '@datasync/queue';

export const configSchema = {
  ...commonEnv,
  ...httpEnv(4100),
  ...dbEnv,
  ...queueEnv,
  BODY_LIMIT: Joi.string().default('100kb').description('largest JSON request body accepted; larger ones get a 413'),
};

export interface ConfigServiceConfig {
  NODE_ENV: string;
  LOG_LEVEL: string;
  PORT: number;
  HOST: string;
  DATABASE_URL: string;
  DB_POOL_MAX: number;
  DB_STATEMENT_TIMEOUT_MS: number;
  REDIS_URL: string;
  QUEUE_PREFIX: string;
  BODY_LIMIT: string;
}

export function loadConfigServiceConfig(env: NodeJS.ProcessEnv = process.env): Readonly<ConfigServiceConfig> {
  return loadConfig<ConfigServiceConfig>('config-service', configSchema, env);
}
