import { createAuth } from '@datasync/auth';
import { createSecretBox, parseMasterKeys } from '@datasync/crypto';
import { createKnex, pingDatabase } from '@datasync/db';
import { parseTrustedProxies, Readiness, startHttpMetrics, startService } from '@datasync/http';
import { createServiceLogger } from '@datasync/logger';
import { startTracing } from '@datasync/tracing';
import { providerSettings } from '@datasync/providers';
import { createAccountsService, loaderCollectionHooks } from '@datasync/accounts';
import { closeRedisConnection, createProducer, createRedisConnection, jobCatalog, pingRedis } from '@datasync/queue';
import { CONFIG_SERVICE_ROUTE_PREFIXES, createApp } from './app';
import { loadConfigServiceConfig } from './config';
import { DestinationCheckLimits } from './destinations/checkLimits';
import { createOpsDashboard } from './ops';
import { createResourceServices } from './routes/resourceRoutes';

async function main(): Promise<void> {
  const config = loadConfigServiceConfig();
  const logger = createServiceLogger('config-service', config);
  // First: what starts below runs inside its spans (nothing at all without OTEL_EXPORTER_OTLP_ENDPOINT).
  const tracing = await startTracing('config-service', config);
  const knex = createKnex({
    url: config.DATABASE_URL,
    applicationName: 'config-service',
    poolMax: config.DB_POOL_MAX,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
  const redis = createRedisConnection(config, { role: 'producer' });
  const readiness = new Readiness({ postgres: () => pingDatabase(knex), redis: () => pingRedis(redis) });
  // The loader's jobs (pause, resume, purge) are enqueued after the dashboard's account change commits.
  const producer = createProducer(redis, { prefix: config.QUEUE_PREFIX, catalog: jobCatalog });
  const masterKeys = parseMasterKeys(config.SECRETS_MASTER_KEYS);
  const auth = createAuth({
    ...config,
    knex,
    masterKeys,
    secureCookies: config.NODE_ENV === 'production',
    // The same limiter keys as the Accounts API's: guessing a client secret here counts there too.
    limits: { redis, logger: logger.child({ module: 'auth-limits' }), config },
    passwordHashConcurrency: config.PASSWORD_HASH_CONCURRENCY,
  });
  const resources = createResourceServices({
    knex,
    secretBox: createSecretBox(masterKeys, { refuseUnbound: config.SECRETS_REFUSE_UNBOUND }),
    logger,
    destinations: {
      allowPrivateNetworks: config.DESTINATION_ALLOW_PRIVATE_NETWORKS,
      checkLimits: new DestinationCheckLimits(redis, config, logger.child({ module: 'destination-check-limits' })),
    },
    providers: providerSettings(config),
    accountsApiPublicUrl: config.ACCOUNTS_API_PUBLIC_URL,
    collectionHooks: loaderCollectionHooks(producer, logger.child({ module: 'collection-hooks' })),
    webhooks: { allowPrivateNetworks: config.WEBHOOK_ALLOW_PRIVATE_NETWORKS },
  });
  // The dashboard's Accounts tab: the same AccountsService as the Accounts API, enqueuing the same loader jobs.
  const accounts = createAccountsService({
    knex,
    secretBox: createSecretBox(masterKeys, { refuseUnbound: config.SECRETS_REFUSE_UNBOUND }),
    logger,
    providers: providerSettings(config),
    deleteWaitMs: config.ACCOUNT_DELETE_WAIT_MS,
    producer,
  });
  const ops = createOpsDashboard(redis, config);
  const metrics = await startHttpMetrics(config, logger, {
    processPrefix: 'datasync_config_service_',
    routePrefixes: CONFIG_SERVICE_ROUTE_PREFIXES,
  });
  const app = createApp({
    ...(metrics.middleware ? { metrics: metrics.middleware } : {}),
    logger,
    readiness,
    bodyLimit: config.BODY_LIMIT,
    trustedProxies: parseTrustedProxies(config.TRUSTED_PROXIES),
    auth,
    resources,
    accounts,
    ops,
  });
  await startService({
    app,
    port: config.PORT,
    host: config.HOST,
    logger,
    readiness,
    closers: [
      () => ops.close(),
      () => producer.close(),
      () => closeRedisConnection(redis),
      () => knex.destroy(),
      () => metrics.close(),
      () => tracing.shutdown(),
    ],
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`config-service failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
