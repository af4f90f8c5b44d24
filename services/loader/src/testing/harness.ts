import { randomBytes } from 'node:crypto';
import { createSecretBox, parseMasterKeys, type SecretBox } from '@datasync/crypto';
import { createKnex, dropDatabase, ensureDatabase, migrateLatest, withDatabase, type Knex } from '@datasync/db';
import type { ReadBounds } from '@datasync/destinations';
import { silentLogger, type Logger } from '@datasync/logger';
import { RateBudget } from '@datasync/providers';
import {
  closeRedisConnection,
  createProducer,
  createRedisConnection,
  createWorkers,
  jobCatalog,
  type JobCatalog,
  type Producer,
  type RedisConnection,
  type RedisSettings,
  type Workers,
} from '@datasync/queue';
import { createTestTenant, randomQueuePrefix, startEmulator, testDatabaseUrl, testRedisUrl, type TestEmulator } from '@datasync/testing';
import type { LoaderDeps, LoaderSettings, WebhookSettings } from '../deps';
import { LOADER_QUEUES, loaderHandlers, type LoaderQueue } from '../jobs/handlers';
import { RunningJobs } from '../jobs/runningJobs';
import { createDestinationPool } from '../access/destinationPool';
import { createLoaderMetrics } from '../metrics/metrics';
import { JobQueues } from '../queue/jobQueues';
import { WebhookDispatcher } from '../webhooks/webhookDispatcher';
import { ControlPlaneClock } from '../clock/controlPlaneClock';
import { insertAccount, seedTarget, testMasterKeys, type SeededTarget } from './fixtures';

export const testLoaderSettings: LoaderSettings = {
  segmentsPerAccount: 4,
  maxSegmentsPerAccount: 8,
  splitMinRows: 400,
  maxSegmentsPerRun: 8,
  pagesPerSegment: 5,
  pageSize: 100,
  batchRows: 1_000,
  sliceMs: 2_000,
  leaseMs: 10_000,
  errorRetry: { baseMs: 1_000, maxMs: 5_000 },
  pollIntervalMs: 1_000,
  pollIdleIntervalMs: 60_000,
  pollActiveForMs: 600_000,
  pollIntervalWithWebhooksMs: 300_000,
  webhooksHealthyForMs: 3_600_000,
  webhookGapGraceMs: 60_000,
  purgeBatchRows: 500,
  eventLookbackS: 300,
  // Off unless a test verifies: others count the provider's requests of a load alone.
  verifyAfterLoad: false,
  verifyWindowObjects: 300,
  verifyConcurrency: 3,
  verifySliceMs: 2_000,
  verifyDeferMs: 0,
  verifyRecentDays: 7,
  verifySettleS: 0,
  verifyFullEveryMinutes: 0,
  verifyRecentEveryMinutes: 0,
};

/** Retries within a test's patience: 200 ms doubling to 1 s; the day-long bounds stay. */
export const testWebhookSettings: WebhookSettings = {
  guard: { allowPrivateNetworks: true, timeoutMs: 2_000 },
  timeoutMs: 2_000,
  dispatchIntervalMs: 100,
  retentionMs: 30 * 86_400_000,
  policy: { firstDelayMs: 200, maxDelayMs: 1_000, giveUpAfterMs: 3 * 86_400_000, disableAfterMs: 3 * 86_400_000 },
};

/** A scratch Postgres database on the test server: the destination the loader writes into. */
export interface DestinationDb {
  connectionString: string;
  knex: Knex;
  drop(): Promise<void>;
}

export async function createDestinationDb(): Promise<DestinationDb> {
  const server = new URL(testDatabaseUrl());
  const database = `loaderdest_${randomBytes(5).toString('hex')}`;
  const adminUrl = withDatabase(server.toString(), 'postgres');
  await ensureDatabase(adminUrl, database);
  const password = server.password ? decodeURIComponent(server.password) : 'unused';
  const connectionString = `postgres://${server.username}:${encodeURIComponent(password)}@${server.hostname}:${server.port || 5432}/${database}?sslmode=disable`;
  const knex = createKnex({
    url: withDatabase(server.toString(), database),
    applicationName: 'loader-test-dest',
    statementTimeoutMs: 30_000,
    poolMax: 2,
  });
  return {
    connectionString,
    knex,
    async drop() {
      await knex.destroy();
      await dropDatabase(adminUrl, database);
    },
  };
}

/**
 * A control-plane database of its own, migrated: the reconciler looks at every account there is,
 * so in the shared test database it would attach (and mark) other test files' accounts.
 */
export async function createControlPlaneDb(): Promise<DestinationDb & { url: string }> {
  const server = new URL(testDatabaseUrl());
  const database = `loadercp_${randomBytes(5).toString('hex')}`;
  const adminUrl = withDatabase(server.toString(), 'postgres');
  await ensureDatabase(adminUrl, database);
  const url = withDatabase(server.toString(), database);
  const knex = createKnex({ url, applicationName: 'loader-test', statementTimeoutMs: 30_000, poolMax: 8 });
  await migrateLatest(knex);
  return {
    url,
    connectionString: url,
    knex,
    async drop() {
      await knex.destroy();
      await dropDatabase(adminUrl, database);
    },
  };
}

export interface LoaderHarness {
  knex: Knex;
  deps: LoaderDeps;
  emulator: TestEmulator;
  destination: DestinationDb;
  secretBox: SecretBox;
  prefix: string;
  environmentId: string;
  target: SeededTarget;
  /**
   * An emulator account registered under the target's source, as libs/accounts would insert it;
   * `behaviour` is the emulator's own per-account settings (`latency_ms`, `rate_limit`).
   */
  addAccount(
    objects: Record<string, number>,
    behaviour?: Record<string, unknown>,
  ): Promise<{ id: string; identifier: string; externalId: string; key: string }>;
  /**
   * Runs the `webhooks` queue's jobs too, with the dispatcher that enqueues them. `withDeps`: the
   * dependencies of another loader of the same fleet (testing/skewedLoader.ts), default the harness's.
   */
  startWorkers(queues?: readonly LoaderQueue[], withDeps?: LoaderDeps): Workers<LoaderQueue>;
  webhookDispatcher: WebhookDispatcher;
  stop(): Promise<void>;
}

/**
 * A loader in this process (its real handlers, queues in the test Redis under a prefix of their
 * own), the emulator as a process, a scratch destination database, and a tenant with one sync.
 * `redis` points it at another Redis, a cluster (testing/redisCluster in @datasync/queue) included.
 */
export async function startHarness(
  options: {
    settings?: Partial<LoaderSettings>;
    webhooks?: Partial<WebhookSettings>;
    logger?: Logger;
    redis?: RedisSettings;
    /** Bounds on what one read of a destination's content takes in (LOADER_READ_MAX_*). */
    readBounds?: Partial<ReadBounds>;
  } = {},
): Promise<LoaderHarness> {
  const controlPlane = await createControlPlaneDb();
  const knex = controlPlane.knex;
  const logger = options.logger ?? silentLogger();
  const emulator = await startEmulator();
  const destination = await createDestinationDb();
  const secretBox = createSecretBox(parseMasterKeys(testMasterKeys()));
  // Hash-tagged as production's prefix is, which a cluster requires.
  const prefix = `{${randomQueuePrefix()}}`;
  const redis = options.redis ?? { REDIS_URL: testRedisUrl() };
  const workerRedis: RedisConnection = createRedisConnection(redis, { role: 'worker' });
  const producerRedis: RedisConnection = createRedisConnection(redis, { role: 'producer' });
  const producer: Producer<JobCatalog> = createProducer(producerRedis, { prefix, catalog: jobCatalog, readyTimeoutMs: 5_000 });
  const queues = new JobQueues(producer);
  const metrics = createLoaderMetrics(async () => ({}));
  const settings = {
    stripeBaseUrl: emulator.baseUrl,
    timeoutMs: 5_000,
    budget: { livePerSecond: 1000, testPerSecond: 1000, endpointPerSecond: 1000, burstSeconds: 1 },
    maxWaitMs: 2_000,
    retry: { maxAttempts: 3, baseDelayMs: 20, maxDelayMs: 200 },
  };
  let stopping = false;
  const destinations = { allowPrivateNetworks: true, statementTimeoutMs: 30_000, readBounds: options.readBounds };
  const destinationPool = createDestinationPool(destinations, secretBox, { perDestination: 4, idleMs: 60_000 });
  const clock = new ControlPlaneClock(knex);
  await clock.sync();
  const deps: LoaderDeps = {
    knex,
    secretBox,
    producer,
    queues,
    providers: {
      settings,
      budget: new RateBudget(workerRedis, settings.budget, prefix),
      observer: metrics.observer,
      clock: () => clock.now(),
    },
    destinations,
    destinationPool,
    settings: { ...testLoaderSettings, ...options.settings },
    webhooks: { ...testWebhookSettings, ...options.webhooks },
    metrics,
    logger,
    stopping: () => stopping,
    running: new RunningJobs(),
  };
  const tenant = await createTestTenant(knex);
  const environmentId = tenant.productionEnvironmentId;
  const appAccount = await emulator.createAccount({ objects: { charges: 0 } });
  const target = await seedTarget(knex, secretBox, {
    environmentId,
    connectionString: destination.connectionString,
    sourceKey: appAccount.secret_key,
  });
  const running: Workers<LoaderQueue>[] = [];
  const webhookDispatcher = new WebhookDispatcher(deps, logger);

  return {
    knex,
    deps,
    emulator,
    destination,
    secretBox,
    prefix,
    environmentId,
    target,
    webhookDispatcher,
    async addAccount(objects, behaviour = {}) {
      const account = await emulator.createAccount({ ...behaviour, objects });
      const inserted = await insertAccount(knex, secretBox, {
        environmentId,
        sourceId: target.sourceId,
        key: account.secret_key,
        externalId: account.id,
      });
      return { ...inserted, externalId: account.id, key: account.secret_key };
    },
    startWorkers(queues = LOADER_QUEUES, withDeps = deps) {
      const workers = createWorkers(workerRedis, {
        prefix,
        catalog: jobCatalog,
        queues,
        handlers: handlersFor(withDeps, queues) as never,
        concurrency: { lifecycle: 2, backfill: 4, incremental: 2, maintenance: 1, webhooks: 4 },
        logger,
      });
      running.push(workers);
      if (queues.includes('webhooks')) webhookDispatcher.start();
      return workers;
    },
    async stop() {
      stopping = true;
      await webhookDispatcher.stop();
      await Promise.all(running.map((w) => w.close()));
      await destinationPool.close();
      await producer.close();
      await closeRedisConnection(workerRedis);
      await closeRedisConnection(producerRedis);
      await destination.drop();
      await controlPlane.drop();
      await emulator.stop();
    },
  };
}

// The handlers of the given queues only: createWorkers refuses handlers for queues it does not run.
function handlersFor(deps: LoaderDeps, queues: readonly LoaderQueue[]): Record<string, unknown> {
  const all = loaderHandlers(deps) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(all).filter(([name]) => queues.includes(jobCatalog.jobs[name as keyof JobCatalog['jobs']].queue as LoaderQueue)),
  );
}
