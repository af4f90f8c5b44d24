import { createKnex, pingDatabase } from '@datasync/db';
import { parseTrustedProxies, Readiness, startHttpMetrics, startService } from '@datasync/http';

import { createServiceLogger } from '@datasync/logger';
import { startTracing } from '@datasync/tracing';
import { closeRedisConnection, createProducer, createRedisConnection, jobCatalog, pingRedis } from '@datasync/queue';
import { ACCOUNTS_API_ROUTE_PREFIXES, createApp } from './app';
import { loadAccountsApiConfig } from './config';
import { createAccountsApiServices } from './services';

async function main(): Promise<void> {
  const config = loadAccountsApiConfig();
  const logger = createServiceLogger('accounts-api', config);
  // First: what starts below runs inside its spans (nothing at all without OTEL_EXPORTER_OTLP_ENDPOINT).
  const tracing = await startTracing('accounts-api', config);
  const knex = createKnex({
    url: config.DATABASE_URL,
    applicationName: 'accounts-api',
    poolMax: config.DB_POOL_MAX,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    logger,
  });
  // Producer settings: in a request path a Redis outage must fail fast, not hold the request.
  const redis = createRedisConnection(config, { role: 'producer', logger });
  const readiness = new Readiness({
    postgres: () => pingDatabase(knex),
    // pingRedis answers false rather than rejecting; readiness counts only rejections as failing.
    redis: async () => {
      if (!(await pingRedis(redis))) throw new Error('redis did not answer PING');
    },
  });
  // The loader's jobs (pause, resume, purge, resync) are enqueued after the account change commits.
  const producer = createProducer(redis, { prefix: config.QUEUE_PREFIX, catalog: jobCatalog });
  const services = createAccountsApiServices(config, { knex, redis, logger, producer });
  const metrics = await startHttpMetrics(config, logger, {
    processPrefix: 'datasync_accounts_api_',
    routePrefixes: ACCOUNTS_API_ROUTE_PREFIXES,
  });
  const app = createApp({
    ...(metrics.middleware ? { metrics: metrics.middleware } : {}),
    logger,
    readiness,
    bodyLimit: config.BODY_LIMIT,
    trustedProxies: parseTrustedProxies(config.TRUSTED_PROXIES),
    ...services,
  });
  await startService({
    app,
    port: config.PORT,
    host: config.HOST,
    logger,
    readiness,
    closers: [
      () => producer.close(),
      () => closeRedisConnection(redis),
      () => knex.destroy(),
      () => metrics.close(),
      () => tracing.shutdown(),
    ],
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`accounts-api failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
