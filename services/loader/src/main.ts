import { createSecretBox, parseMasterKeys } from '@datasync/crypto';
import { createKnex, pingDatabase } from '@datasync/db';
import { Readiness, startService } from '@datasync/http';
import { createServiceLogger } from '@datasync/logger';
import { RateBudget, providerSettings } from '@datasync/providers';
import {
  closeRedisConnection,
  createProducer,
  createRedisConnection,
  createWorkers,
  jobCatalog,
  pingRedis,
  queueDepths,
} from '@datasync/queue';
import { createApp } from './app';
import { loadLoaderConfig } from './config';
import type { LoaderDeps } from './deps';
import { LOADER_QUEUES, loaderHandlers } from './jobs/handlers';
import { RunningJobs } from './jobs/runningJobs';
import { registerLagGauge } from './incremental/lagGauge';
import { createLoaderMetrics } from './metrics/metrics';
import { JobQueues } from './queue/jobQueues';
import { SelfCheck } from './reconcile/selfCheck';
import { createDestinationPool } from './access/destinationPool';
import { destinationAccessSettings, destinationPoolLimits, loaderSettings, webhookSettings } from './settings';
import { WebhookDispatcher } from './webhooks/webhookDispatcher';

async function main(): Promise<void> {
  const config = loadLoaderConfig();
  const logger = createServiceLogger('loader', config);
  const knex = createKnex({
    url: config.DATABASE_URL,
    applicationName: 'loader',
    poolMax: config.DB_POOL_MAX,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    logger,
  });
  // Workers wait for Redis to come back; the producer side (enqueues, queue inspection, metrics)
  // fails fast instead, and the reconciler repairs what a failed enqueue left behind.
  const workerRedis = createRedisConnection(config, { role: 'worker', logger });
  const producerRedis = createRedisConnection(config, { role: 'producer', logger });
  const producer = createProducer(producerRedis, { prefix: config.QUEUE_PREFIX, catalog: jobCatalog });
  const queues = new JobQueues(producer);
  const metrics = createLoaderMetrics(() => queueDepths(producerRedis, config.QUEUE_PREFIX));
  registerLagGauge(metrics.registry, knex);
  const providers = providerSettings(config);
  let stopping = false;
  const secretBox = createSecretBox(parseMasterKeys(config.SECRETS_MASTER_KEYS), { refuseUnbound: config.SECRETS_REFUSE_UNBOUND });
  const destinationPool = createDestinationPool(destinationAccessSettings(config), secretBox, destinationPoolLimits(config));
  const deps: LoaderDeps = {
    knex,
    secretBox,
    producer,
    queues,
    providers: { settings: providers, budget: new RateBudget(workerRedis, providers.budget), observer: metrics.observer },
    destinations: destinationAccessSettings(config),
    destinationPool,
    settings: loaderSettings(config),
    webhooks: webhookSettings(config),
    metrics,
    logger,
    stopping: () => stopping,
    running: new RunningJobs(),
  };
  const workers = createWorkers(workerRedis, {
    prefix: config.QUEUE_PREFIX,
    catalog: jobCatalog,
    queues: LOADER_QUEUES,
    handlers: loaderHandlers(deps),
    concurrency: {
      lifecycle: config.LOADER_LIFECYCLE_CONCURRENCY,
      backfill: config.LOADER_CONCURRENCY,
      incremental: config.LOADER_POLL_CONCURRENCY,
      maintenance: 1,
      webhooks: config.LOADER_WEBHOOK_CONCURRENCY,
    },
    logger,
  });
  const selfCheck = new SelfCheck(
    deps,
    { intervalMs: config.LOADER_SELF_CHECK_INTERVAL_MS, reconcileEveryMs: config.LOADER_RECONCILE_INTERVAL_MS },
    logger,
  );
  producerRedis.on('ready', () => selfCheck.reconnected());
  selfCheck.start();
  const webhookDispatcher = new WebhookDispatcher(deps, logger.child({ module: 'webhooks' }));
  webhookDispatcher.start();
  const readiness = new Readiness({ postgres: () => pingDatabase(knex), redis: () => pingRedis(workerRedis) });
  const app = createApp({ logger, readiness, metrics: metrics.registry });
  await startService({
    app,
    port: config.PORT,
    host: config.HOST,
    logger,
    readiness,
    // Workers first: running segment jobs give their segment back at the next page (`stopping`),
    // so close() waits for one batch at most, never for a whole backfill. Pools close last.
    closers: [
      async () => {
        stopping = true;
        await selfCheck.stop();
        await webhookDispatcher.stop();
        await workers.close();
      },
      () => destinationPool.close(),
      () => producer.close(),
      () => closeRedisConnection(workerRedis),
      () => closeRedisConnection(producerRedis),
      () => knex.destroy(),
    ],
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`loader failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
