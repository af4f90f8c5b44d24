import { TABLES } from '@datasync/db';
import { RateBudget } from '@datasync/providers';
import { closeRedisConnection, createRedisConnection, scanKeys, waitForReady, type RedisConnection } from '@datasync/queue';
import { findRedisServer, startRedisCluster, type TestRedisCluster } from '@datasync/queue/testing';
import { waitFor } from '@datasync/testing';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { providerObjects } from '../testing/providerData';

// The loader on a real Redis Cluster of three masters, started here: an account is attached,
// backfilled and then kept in sync by its polls, with every job, scheduler and rate budget of
// the loader in the cluster. The same harness as the other loader tests, on the cluster's
// connection settings (REDIS_CLUSTER_NODES).

const redisServer = findRedisServer();
if (!redisServer) process.stderr.write('Redis Cluster tests skipped: redis-server is not installed (apt-get install redis-server)\n');
const describeOnCluster = redisServer ? describe : describe.skip;

describeOnCluster('the loader on a Redis Cluster', () => {
  let cluster: TestRedisCluster;
  let h: LoaderHarness;
  let inspect: RedisConnection;

  beforeAll(async () => {
    cluster = await startRedisCluster();
    h = await startHarness({ redis: cluster.settings });
    inspect = createRedisConnection(cluster.settings, { role: 'producer' });
    expect(await waitForReady(inspect, 5_000)).toBe(true);
    // The rate budget under its production prefix (no hash tag of its own, one per account), as
    // the loader's main builds it: its keys spread over the cluster, two per script call.
    h.deps.providers = { ...h.deps.providers, budget: new RateBudget(inspect, h.deps.providers.settings.budget) };
    h.startWorkers();
  });

  afterAll(async () => {
    await h?.stop();
    if (inspect) await closeRedisConnection(inspect);
    await cluster?.stop();
  });

  const status = async (accountId: string) =>
    (await h.knex(TABLES.accountStates).where({ account_id: accountId }).first('status')) as { status: string } | undefined;

  const description = async (identifier: string, id: string) =>
    (
      (await h.destination.knex('stripe_charges').where({ account_id: identifier, id }).first('data')) as
        { data: { description: string | null } } | undefined
    )?.data.description;

  it('attaches an account, loads its rows and polls its changes', async () => {
    const account = await h.addAccount({ charges: 250 });
    await h.deps.producer.enqueue('account.attach', { accountId: account.id });
    await waitFor(async () => (await status(account.id))?.status === 'live', { description: 'the account to be live', timeoutMs: 20_000 });
    const provider = await providerObjects(h.emulator.baseUrl, account.key);
    const loaded = (await h.destination.knex('stripe_charges').where({ account_id: account.identifier }).pluck('id')) as string[];
    expect(loaded.sort()).toEqual([...provider.keys()].sort());

    // A change at the provider reaches the destination through the loader's own polls.
    const changed = loaded[0]!;
    await h.emulator.admin('POST', `/accounts/${account.externalId}/charges/${changed}`, { description: 'changed on the cluster' });
    await waitFor(async () => (await description(account.identifier, changed)) === 'changed on the cluster', {
      description: 'the change to be polled',
      timeoutMs: 15_000,
    });

    // The account's budget keys, one hash tag for the account and mode.
    const tag = `{stripe:${account.externalId}:test}`;
    expect((await scanKeys(inspect, 'datasync:budget:*')).sort()).toEqual(
      expect.arrayContaining([`datasync:budget:${tag}`, `datasync:budget:${tag}:/v1/charges`]),
    );
    // Every key of the queues is under their prefix, in the prefix's one slot.
    const keys = await scanKeys(inspect, `${h.prefix}:*`);
    expect(keys.some((key) => key.startsWith(`${h.prefix}:backfill:`))).toBe(true);
    const slots = new Set(await Promise.all(keys.map((key) => inspect.cluster('KEYSLOT', key))));
    expect(slots.size).toBe(1);
  });
});
