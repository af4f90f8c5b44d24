import { authEnv, failedAuthEnv, type FailedAuthConfig } from '@datasync/auth';
import { Joi, commonEnv, loadConfig, refuseUnboundEnv } from '@datasync/config';
import { tracingEnv, type TracingEnvConfig } from '@datasync/tracing';
import { dbEnv, type DbEnvConfig } from '@datasync/db';
import { httpEnv, metricsEnv, trustedProxiesEnv, type MetricsEnvConfig, type TrustedProxiesConfig } from '@datasync/http';
import { providerEnv, type ProviderEnv } from '@datasync/providers';
import { queueEnv, type QueueConfig } from '@datasync/queue';
import { webhooksEnv, type WebhooksEnvConfig } from '@datasync/webhooks';
import { linkEnv, type LinkEnv } from './link/linkEnv';

export const configSchema = {
  ...commonEnv,
  ...tracingEnv,
  ...httpEnv(4000),
  ...metricsEnv,
  ...dbEnv,
  ...queueEnv,
  ...providerEnv,
  ...linkEnv,
  ...webhooksEnv,
  BODY_LIMIT: Joi.string().default('100kb').description('largest JSON request body accepted; larger ones get a 413'),
  SECRETS_MASTER_KEYS: Joi.string()
    .required()
    .description('master keys for secrets at rest, "<id>:<base64 32 bytes>,…", current first; the same list as config-service'),
  ...refuseUnboundEnv,
  BASIC_AUTH_CACHE_SECONDS: authEnv.BASIC_AUTH_CACHE_SECONDS,
  ...failedAuthEnv,
  ...trustedProxiesEnv,
  RATE_LIMIT_PER_SECOND: Joi.number()
    .integer()
    .min(1)
    .default(50)
    .description('requests per second one client credential may make on average (a token bucket); more get a 429'),
  RATE_LIMIT_BURST: Joi.number()
    .integer()
    .min(1)
    .description('requests a client credential may make at once after a quiet spell; unset ⇒ twice RATE_LIMIT_PER_SECOND'),
  IDEMPOTENCY_TTL_HOURS: Joi.number()
    .min(0.01)
    .max(24 * 7)
    .default(24)
    .description('how long a POST response is kept for replay under its Idempotency-Key'),
  ACCOUNT_DELETE_WAIT_MS: Joi.number()
    .integer()
    .min(0)
    .default(30_000)
    .description("how long DELETE /accounts/… waits for the account's purge before answering 202 while it goes on"),
  WEBHOOK_BODY_LIMIT: Joi.string()
    .default('512kb')
    .description('largest webhook delivery accepted on /webhooks/…; larger ones get a 413 (a Stripe event is rarely over 100kb)'),
  WEBHOOK_TOLERANCE_SECONDS: Joi.number()
    .integer()
    .min(1)
    .max(3_600)
    .default(300)
    .description("oldest Stripe-Signature timestamp accepted, in seconds (Stripe's default: 300); older deliveries get a 400"),
  WEBHOOK_EVENT_TTL_HOURS: Joi.number()
    .min(1)
    .max(24 * 30)
    .default(96)
    .description('how long an event id taken by a webhook is remembered, so a replay queues nothing (Stripe retries for 3 days)'),
  WEBHOOK_POKE_WINDOW_MS: Joi.number()
    .integer()
    .min(10)
    .max(10_000)
    .default(250)
    .description('deliveries for an account received within one such window share one poll, started when the window ends'),
  WEBHOOK_CACHE_MS: Joi.number()
    .integer()
    .min(0)
    .max(60_000)
    .default(2_000)
    .description(
      "how long a source's webhook secrets and account routing are remembered per process (0 = never); a new secret applies within it",
    ),
  EARLY_ACCESS_CACHE_SECONDS: Joi.number()
    .min(0)
    .max(60)
    .default(5)
    .description(
      "how long an environment's early-access flag is remembered per process (0 = never); a switch in the dashboard takes effect within it",
    ),
};

export interface AccountsApiConfig
  extends
    DbEnvConfig,
    QueueConfig,
    ProviderEnv,
    LinkEnv,
    FailedAuthConfig,
    TrustedProxiesConfig,
    WebhooksEnvConfig,
    MetricsEnvConfig,
    TracingEnvConfig {
  NODE_ENV: string;
  LOG_LEVEL: string;
  PORT: number;
  HOST: string;
  BODY_LIMIT: string;
  SECRETS_MASTER_KEYS: string;
  SECRETS_REFUSE_UNBOUND: boolean;
  BASIC_AUTH_CACHE_SECONDS: number;
  RATE_LIMIT_PER_SECOND: number;
  RATE_LIMIT_BURST?: number;
  IDEMPOTENCY_TTL_HOURS: number;
  ACCOUNT_DELETE_WAIT_MS: number;
  EARLY_ACCESS_CACHE_SECONDS: number;
  WEBHOOK_BODY_LIMIT: string;
  WEBHOOK_TOLERANCE_SECONDS: number;
  WEBHOOK_EVENT_TTL_HOURS: number;
  WEBHOOK_POKE_WINDOW_MS: number;
  WEBHOOK_CACHE_MS: number;
}

export function loadAccountsApiConfig(env: NodeJS.ProcessEnv = process.env): Readonly<AccountsApiConfig> {
  return loadConfig<AccountsApiConfig>('accounts-api', configSchema, env);
}
