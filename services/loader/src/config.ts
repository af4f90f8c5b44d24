import { Joi, commonEnv, loadConfig } from '@datasync/config';
import { dbEnv } from '@datasync/db';
import { httpEnv } from '@datasync/http';
import { queueEnv } from '@datasync/queue';

export const configSchema = {
  ...commonEnv,
  ...httpEnv(4200),
  ...dbEnv,
  ...queueEnv,
  LOADER_CONCURRENCY: Joi.number().integer().min(1).max(256).default(8).description('jobs one loader process runs at once'),
};

export interface LoaderConfig {
  NODE_ENV: string;
  LOG_LEVEL: string;
  PORT: number;
  HOST: string;
  DATABASE_URL: string;
  DB_POOL_MAX: number;
  DB_STATEMENT_TIMEOUT_MS: number;
  REDIS_URL: string;
  QUEUE_PREFIX: string;
  LOADER_CONCURRENCY: number;
}

export function loadLoaderConfig(env: NodeJS.ProcessEnv = process.env): Readonly<LoaderConfig> {
  return loadConfig<LoaderConfig>('loader', configSchema, env);
}
