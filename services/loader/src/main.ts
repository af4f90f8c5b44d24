import { createSecretBox, parseMasterKeys } from '@datasync/crypto';
import { createKnex, pingDatabase } from '@datasync/db';
import { Readiness, startService } from '@datasync/http';
import { createServiceLogger } from '@datasync/logger';
import { startTracing } from '@datasync/tracing';
import { RateBudget, providerSettings } from '@datasync/providers';
import {
  closeRedisConnection,
  createProducer,
  createRedisConnection,
  createWorkers,
  jobCatalog,
  oldestWaitingSeconds,
  pingRedis,
  queueDepths,
} from '@datasync/queue';
import { createApp } from './app';
import { loadLoaderConfig } from './config';
import type { LoaderDeps } from './deps';
import { LOADER_QUEUES, loaderHandlers } from './jobs/handlers';
import { RunningJobs } from './jobs/runningJobs';
import { registerFleetMetrics } from './metrics/fleetMetrics';
import { FleetSnapshotPublisher, readFleetSnapshot } from './metrics/fleetSnapshot';
import { registerPoisonedGauge } from './state/poisonedGauge';
import { createLoaderMetrics } from './metrics/metrics';
import { JobQueues } from './queue/jobQueues';
import { SelfCheck } from './reconcile/selfCheck';
import { createDestinationPool } from './access/destinationPool';
import { destinationAccessSettings, destinationPoolLimits, loaderSettings, webhookSettings } from './settings';
import { WebhookDispatcher } from './webhooks/webhookDispatcher';
import { ControlPlaneClock } from './clock/controlPlaneClock';

async function main(): Promise<void> {
  const config = loadLoaderConfig();
  const logger = createServiceLogger('loader', config);
  // First: what starts below runs inside its spans (nothing at all without OTEL_EXPORTER_OTLP_ENDPOINT).
  const tracing = await startTracing('loader', config);
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
  const metrics = createLoaderMetrics(
    () => queueDepths(producerRedis, config.QUEUE_PREFIX),
    () => oldestWaitingSeconds(producerRedis, config.QUEUE_PREFIX),
  );
  const fleetKey = `${config.QUEUE_PREFIX}:metrics:fleet`;
  registerFleetMetrics(metrics.registry, () => readFleetSnapshot(producerRedis, fleetKey));
  registerPoisonedGauge(metrics.registry, knex);
  const fleetSnapshot = new FleetSnapshotPublisher(
    producerRedis,
    knex,
    { key: fleetKey, intervalMs: config.LOADER_FLEET_METRICS_INTERVAL_MS, worst: config.LOADER_METRICS_WORST_ACCOUNTS },
    logger.child({ module: 'fleet-metrics' }),
  );
  fleetSnapshot.start();
  const providers = providerSettings(config);
  // Dates every read, so that loaders on machines whose clocks differ agree (docs/incremental-sync.md).
  const clock = new ControlPlaneClock(knex, Date.now, logger.child({ module: 'clock' }));
  await clock.sync().catch((err: unknown) => logger.warn('measuring the control-plane clock failed', { error: (err as Error).message }));
  let stopping = false;
  const secretBox = createSecretBox(parseMasterKeys(config.SECRETS_MASTER_KEYS), { refuseUnbound: config.SECRETS_REFUSE_UNBOUND });
  const destinationPool = createDestinationPool(destinationAccessSettings(config), secretBox, destinationPoolLimits(config));
  const deps: LoaderDeps = {
    knex,
    secretBox,
    producer,
    queues,
    providers: {
      settings: providers,
      budget: new RateBudget(workerRedis, providers.budget),
      observer: metrics.observer,
      clock: () => clock.now(),
    },
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
        await fleetSnapshot.stop();
        await webhookDispatcher.stop();
        await workers.close();
      },
      () => destinationPool.close(),
      () => producer.close(),
      () => closeRedisConnection(workerRedis),
      () => closeRedisConnection(producerRedis),
      () => knex.destroy(),
      () => tracing.shutdown(),
    ],
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`loader failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
