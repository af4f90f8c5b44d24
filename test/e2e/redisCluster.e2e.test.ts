import {
  closeRedisConnection,
  createProducer,
  createRedisConnection,
  jobCatalog,
  scanKeys,
  type JobCatalog,
  type Producer,
  type RedisConnection,
} from '@datasync/queue';
import { findRedisServer, startRedisCluster, type TestRedisCluster } from '@datasync/queue/testing';
import { createTestRedis, waitFor } from '@datasync/testing';
import { startServiceProcess, type ServiceProcess } from './support/loaderServices';
import { createLoaderWorld, type LoaderWorld } from './support/loaderWorld';

// The built services as processes, configured for a real Redis Cluster of three masters (started
// here) by REDIS_CLUSTER_NODES alone: a loader backfills an attached account, and accounts-api
// and the loader report Redis ready.

const redisServer = findRedisServer();
if (!redisServer) process.stderr.write('Redis Cluster tests skipped: redis-server is not installed (apt-get install redis-server)\n');
const describeOnCluster = redisServer ? describe : describe.skip;

describeOnCluster('the services on a Redis Cluster', () => {
  let cluster: TestRedisCluster;
  let world: LoaderWorld;
  let loader: ServiceProcess;
  let api: ServiceProcess;
  let redis: RedisConnection;
  let producer: Producer<JobCatalog>;

  beforeAll(async () => {
    cluster = await startRedisCluster();
    world = await createLoaderWorld();
    [loader, api] = await Promise.all([
      world.startLoader(cluster.settings),
      startServiceProcess('accounts-api', world.env({ ...cluster.settings, API_REDIS_PREFIX: world.prefix })),
    ]);
    redis = createRedisConnection(cluster.settings, { role: 'producer' });
    producer = createProducer(redis, { prefix: world.prefix, catalog: jobCatalog, readyTimeoutMs: 5_000 });
  });

  afterAll(async () => {
    await api?.stop();
    await producer?.close();
    if (redis) await closeRedisConnection(redis);
    await world?.close();
    await cluster?.stop();
  });

  it('loads an attached account through a loader process, and every service is ready', async () => {
    expect((await fetch(`${loader.url}/ready`)).status).toBe(200);
    expect((await fetch(`${api.url}/ready`)).status).toBe(200);
    const account = await world.insertAccount({ charges: 300 });
    await producer.enqueue('account.attach', { accountId: account.id });
    await waitFor(async () => (await world.countRows(account.identifier)) === 300, { description: 'every row', timeoutMs: 60_000 });
    // The queues are on the cluster, and nothing of them on the test's standalone Redis.
    expect((await scanKeys(redis, `${world.prefix}:*`)).length).toBeGreaterThan(0);
    const standalone = createTestRedis();
    try {
      expect(await scanKeys(standalone, `${world.prefix}:*`)).toEqual([]);
    } finally {
      standalone.disconnect();
    }
  });
});
