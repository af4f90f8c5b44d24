import {
  authEnv,
  failedAuthEnv,
  passwordLimitsEnv,
  type AuthEnvConfig,
  type FailedAuthConfig,
  type PasswordLimitsConfig,
} from '@datasync/auth';
import { Joi, commonEnv, loadConfig, refuseUnboundEnv } from '@datasync/config';
import { tracingEnv, type TracingEnvConfig } from '@datasync/tracing';
import { dbEnv } from '@datasync/db';
import { destinationsEnv, type DestinationsEnvConfig } from '@datasync/destinations';
import { webhooksEnv, type WebhooksEnvConfig } from '@datasync/webhooks';
import { httpEnv, metricsEnv, trustedProxiesEnv, type MetricsEnvConfig, type TrustedProxiesConfig } from '@datasync/http';
import { providerEnv, type ProviderEnv } from '@datasync/providers';
import { queueEnv } from '@datasync/queue';
import { destinationCheckEnv, type DestinationCheckConfig } from './destinations/checkLimits';
import { opsEnv, type OpsEnvConfig } from './ops/opsEnv';

export const configSchema = {
  ...commonEnv,
  ...tracingEnv,
  ...httpEnv(4100),
  ...metricsEnv,
  ...dbEnv,
  ...queueEnv,
  ...authEnv,
  ...failedAuthEnv,
  ...passwordLimitsEnv,
  ...trustedProxiesEnv,
  ...destinationsEnv,
  ...webhooksEnv,
  ...destinationCheckEnv,
  ...providerEnv,
  ...opsEnv,
  SECRETS_MASTER_KEYS: Joi.string()
    .required()
    .description('master keys for secrets at rest, "<id>:<base64 32 bytes>,…", current first; client-secret hashes are keyed from them'),
  ...refuseUnboundEnv,
  BODY_LIMIT: Joi.string().default('100kb').description('largest JSON request body accepted; larger ones get a 413'),
  ACCOUNTS_API_PUBLIC_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .default('http://localhost:4000')
    .description("accounts-api's public base URL: the provider posts webhooks to <it>/webhooks/<provider>/<source id>"),
  ACCOUNT_DELETE_WAIT_MS: Joi.number()
    .integer()
    .min(0)
    .default(30_000)
    .description("how long the dashboard's account delete waits for the account's purge before answering that it goes on"),
};

export interface ConfigServiceConfig
  extends
    AuthEnvConfig,
    FailedAuthConfig,
    PasswordLimitsConfig,
    TrustedProxiesConfig,
    MetricsEnvConfig,
    TracingEnvConfig,
    DestinationsEnvConfig,
    DestinationCheckConfig,
    ProviderEnv,
    OpsEnvConfig,
    WebhooksEnvConfig {
  NODE_ENV: string;
  LOG_LEVEL: string;
  PORT: number;
  HOST: string;
  DATABASE_URL: string;
  DB_POOL_MAX: number;
  DB_STATEMENT_TIMEOUT_MS: number;
  REDIS_URL: string;
  REDIS_CLUSTER_NODES: string;
  QUEUE_PREFIX: string;
  BODY_LIMIT: string;
  SECRETS_MASTER_KEYS: string;
  SECRETS_REFUSE_UNBOUND: boolean;
  ACCOUNTS_API_PUBLIC_URL: string;
  ACCOUNT_DELETE_WAIT_MS: number;
}

export function loadConfigServiceConfig(env: NodeJS.ProcessEnv = process.env): Readonly<ConfigServiceConfig> {
  return loadConfig<ConfigServiceConfig>('config-service', configSchema, env);
}
