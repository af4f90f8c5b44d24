import type { RedisConnection } from '@datasync/queue';
import { createAccountsService, type AccountHooks } from '@datasync/accounts';
import { ClientCredentialsService, ClientSecretHasher, createBasicAuth, failedBasicAuthLimiter } from '@datasync/auth';
import { createSecretBox, parseMasterKeys } from '@datasync/crypto';
import type { Knex } from '@datasync/db';
import type { Logger } from '@datasync/logger';
import { providerSettings } from '@datasync/providers';
import type { JobCatalog, Producer } from '@datasync/queue';
import { WebhookEndpointsService } from '@datasync/webhooks';
import type { AccountsApiConfig } from './config';
import { createApiAuth } from './edge/apiAuth';
import { cachedLookup } from './edge/cachedLookup';
import { linkDeps, type LinkDeps } from './link';
import { IdempotencyStore, replayBoxes } from './edge/idempotencyStore';
import { RateLimits } from './edge/rateLimits';
import type { AccountRouteDeps } from './routes/accounts';
import { EventClaims } from './webhooks/eventClaims';
import { InboundWebhooks } from './webhooks/inboundWebhooks.service';
import type { WebhookDeps } from './webhooks/webhookRouter';
import type { WebhookEndpointRouteDeps } from './routes/webhookEndpoints';

export type ServiceSettings = Pick<
  AccountsApiConfig,
  | 'SECRETS_MASTER_KEYS'
  | 'SECRETS_REFUSE_UNBOUND'
  | 'BASIC_AUTH_CACHE_SECONDS'
  | 'API_REDIS_PREFIX'
  | 'RATE_LIMIT_PER_SECOND'
  | 'RATE_LIMIT_BURST'
  | 'RATE_LIMIT_AUTH_FAILURES_PER_MINUTE'
  | 'TRUSTED_PROXIES'
  | 'IDEMPOTENCY_TTL_HOURS'
  | 'ACCOUNT_DELETE_WAIT_MS'
  | 'EARLY_ACCESS_CACHE_SECONDS'
  | 'NODE_ENV'
  | 'LINK_PUBLIC_URL'
  | 'LINK_SESSION_TTL_MINUTES'
  | 'LINK_KEY_ATTEMPTS'
  | 'LINK_KEY_FAILURES_PER_ADDRESS_PER_HOUR'
  | 'PROVIDER_STRIPE_CONNECT_URL'
  | 'WEBHOOK_BODY_LIMIT'
  | 'WEBHOOK_TOLERANCE_SECONDS'
  | 'WEBHOOK_EVENT_TTL_HOURS'
  | 'WEBHOOK_POKE_WINDOW_MS'
  | 'WEBHOOK_CACHE_MS'
  | 'WEBHOOK_ALLOW_PRIVATE_NETWORKS'
> &
  Parameters<typeof providerSettings>[0];

// A URL's host is looked up while the caller waits for the endpoint's creation.
const WEBHOOK_DNS_TIMEOUT_MS = 5_000;

/** What the routes need, built from configuration and the process's connections (main and tests alike). */
export function createAccountsApiServices(
  settings: ServiceSettings,
  deps: { knex: Knex; redis: RedisConnection; logger: Logger; producer?: Producer<JobCatalog>; hooks?: Partial<AccountHooks> },
): AccountRouteDeps & WebhookEndpointRouteDeps & { link: LinkDeps; webhooks?: WebhookDeps } {
  const { knex, redis, logger } = deps;
  const masterKeys = parseMasterKeys(settings.SECRETS_MASTER_KEYS);
  const secretBoxOptions = { refuseUnbound: settings.SECRETS_REFUSE_UNBOUND };
  const secretBox = createSecretBox(masterKeys, secretBoxOptions);
  const accounts = createAccountsService({
    knex,
    secretBox,
    logger,
    providers: providerSettings(settings),
    deleteWaitMs: settings.ACCOUNT_DELETE_WAIT_MS,
    ...(deps.producer ? { producer: deps.producer } : {}),
    ...(deps.hooks ? { hooks: deps.hooks } : {}),
  });
  const basic = createBasicAuth(new ClientCredentialsService(knex, new ClientSecretHasher(masterKeys)), {
    cacheMs: settings.BASIC_AUTH_CACHE_SECONDS * 1000,
    // The same limiter keys as config-service's: guessing a client secret there counts here too.
    failures: failedBasicAuthLimiter(redis, settings, logger.child({ module: 'rate-limits' })),
  });
  const limits = new RateLimits(
    redis,
    {
      prefix: settings.API_REDIS_PREFIX,
      perClientPerSecond: settings.RATE_LIMIT_PER_SECOND,
      perClientBurst: settings.RATE_LIMIT_BURST ?? 2 * settings.RATE_LIMIT_PER_SECOND,
    },
    logger.child({ module: 'rate-limits' }),
  );
  return {
    accounts,
    auth: createApiAuth({
      basic,
      limits,
      earlyAccess: cachedLookup((environmentId) => accounts.earlyAccess(environmentId), settings.EARLY_ACCESS_CACHE_SECONDS * 1000),
    }),
    idempotency: new IdempotencyStore(
      redis,
      { prefix: settings.API_REDIS_PREFIX, ttlMs: settings.IDEMPOTENCY_TTL_HOURS * 3_600_000 },
      replayBoxes(masterKeys, secretBoxOptions),
    ),
    link: linkDeps(settings, { knex, secretBox, redis, logger }),
    // Deliveries queue polls: without a producer (some tests) the endpoint is not mounted.
    ...(deps.producer
      ? {
          webhooks: {
            bodyLimit: settings.WEBHOOK_BODY_LIMIT,
            webhooks: new InboundWebhooks({
              knex,
              secretBox,
              producer: deps.producer,
              accounts,
              logger: logger.child({ module: 'webhooks' }),
              claims: new EventClaims(redis, { prefix: settings.API_REDIS_PREFIX, ttlMs: settings.WEBHOOK_EVENT_TTL_HOURS * 3_600_000 }),
              settings: {
                toleranceSeconds: settings.WEBHOOK_TOLERANCE_SECONDS,
                pokeWindowMs: settings.WEBHOOK_POKE_WINDOW_MS,
                cacheMs: settings.WEBHOOK_CACHE_MS,
              },
            }),
          },
        }
      : {}),
    webhookEndpoints: new WebhookEndpointsService({
      knex,
      secretBox,
      guard: { allowPrivateNetworks: settings.WEBHOOK_ALLOW_PRIVATE_NETWORKS, timeoutMs: WEBHOOK_DNS_TIMEOUT_MS },
    }),
  };
}
