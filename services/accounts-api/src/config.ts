import { Joi, commonEnv, loadConfig } from '@datasync/config';
import { dbEnv } from '@datasync/db';
import { httpEnv } from '@datasync/http';
import { queueEnv } from '@datasync/queue';

export const configSchema = {
  ...commonEnv,
  ...httpEnv(4000),
  ...dbEnv,
  ...queueEnv,
  BODY_LIMIT: Joi.string().default('100kb').description('largest JSON request body accepted; larger ones get a 413'),
};

export interface AccountsApiConfig {
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

export function loadAccountsApiConfig(env: NodeJS.ProcessEnv = process.env): Readonly<AccountsApiConfig> {
  return loadConfig<AccountsApiConfig>('accounts-api', configSchema, env);
}
