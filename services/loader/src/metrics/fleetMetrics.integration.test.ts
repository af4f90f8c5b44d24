import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { Registry } from 'prom-client';
import { createSecretBox, parseMasterKeys } from '@datasync/crypto';
import { TABLES, type Knex } from '@datasync/db';
import { silentLogger } from '@datasync/logger';
import { createTestRedis, createTestTenant } from '@datasync/testing';
import { createControlPlaneDb, type DestinationDb } from '../testing/harness';
import { insertAccount, seedTarget, testMasterKeys } from '../testing/fixtures';
import { registerFleetMetrics } from './fleetMetrics';
import { computeFleetStats } from './fleetStats.repository';
import { FleetSnapshotPublisher, readFleetSnapshot } from './fleetSnapshot';

// The fleet-wide figures on a control plane of their own (exact counts): accounts by status,
// the freshness histogram of the active accounts, the worst N lags, one replica computing for all
// under the Redis lock, and scrapes that read the snapshot only. Lags are set hours or tens of
// seconds away from every bucket bound, so the seconds a slow machine adds change nothing.

let cp: DestinationDb;
let knex: Knex;
let redis: Redis;
const key = `test-fleet-${randomBytes(4).toString('hex')}:metrics:fleet`;
const ids: Record<string, string> = {};

beforeAll(async () => {
  cp = await createControlPlaneDb();
  knex = cp.knex;
  redis = createTestRedis();
  const secretBox = createSecretBox(parseMasterKeys(testMasterKeys()));
  const { productionEnvironmentId: environmentId } = await createTestTenant(knex);
  const target = await seedTarget(knex, secretBox, { environmentId, connectionString: 'postgres://unused', sourceKey: 'sk_test_x' });
  const account = async (name: string, state: string | undefined, row: Record<string, unknown> = {}) => {
    const { id } = await insertAccount(knex, secretBox, {
      environmentId,
      sourceId: target.sourceId,
      key: 'sk_test_x',
      externalId: `acct_${name}`,
    });
    if (Object.keys(row).length > 0) await knex(TABLES.accounts).where({ id }).update(row);
    if (state) await knex(TABLES.accountStates).insert({ account_id: id, environment_id: environmentId, status: state });
    ids[name] = id;
    return id;
  };
  const cursor = (accountId: string, table: string, secondsAgo: number | null) =>
    knex(TABLES.eventCursors).insert({
      account_id: accountId,
      environment_id: environmentId,
      destination_id: target.destinationId,
      table_name: table,
      created_gte: 0,
      polled_at: secondsAgo === null ? null : knex.raw(`now() - make_interval(secs => ?)`, [secondsAgo]),
    });
  await cursor(await account('fresh', 'live'), 'stripe_charges', 5);
  await cursor(await account('minute', 'live'), 'stripe_charges', 20);
  // Behind by its oldest table: 100 s, not 40.
  const two = await account('twoTables', 'live');
  await cursor(two, 'stripe_charges', 40);
  await cursor(two, 'stripe_customers', 100);
  await cursor(await account('behind', 'error'), 'stripe_charges', 400);
  await cursor(await account('hours', 'live'), 'stripe_charges', 4_000);
  await cursor(await account('neverPolled', 'loading'), 'stripe_charges', null);
  // Neither is behind: a paused account is not loaded, a deleting one is going away.
  await cursor(await account('paused', 'live', { active: false }), 'stripe_charges', 9_000);
  await cursor(await account('deleting', 'error', { deleting_at: knex.fn.now() }), 'stripe_charges', 9_000);
  await account('unseen', undefined);
});

afterAll(async () => {
  await redis?.del(key, `${key}:lock`);
  redis?.disconnect();
  await cp?.drop();
});

it('counts accounts by status, sums up the active lags in buckets and names the worst accounts', async () => {
  const stats = await computeFleetStats(knex, 3);
  expect(stats.accounts).toEqual({ idle: 0, pending: 1, loading: 1, live: 4, error: 1, paused: 1, deleting: 1 });
  expect(stats.freshness.count).toBe(5);
  // le: 15, 30, 60, 120, 300, 600, 1800, 3600, 21600, 86400 over lags 5, 20, 100, 400, 4000.
  expect(stats.freshness.buckets).toEqual([1, 2, 2, 3, 3, 4, 4, 4, 5, 5]);
  expect(stats.freshness.sum).toBeGreaterThanOrEqual(4_525);
  expect(stats.worst.map((w) => w.account)).toEqual([ids.hours, ids.behind, ids.twoTables]);
});

it('is computed by one replica per interval and served to every scrape from Redis', async () => {
  const options = { key, intervalMs: 60_000, worst: 2 };
  const replicas = [1, 2].map(() => new FleetSnapshotPublisher(redis, knex, options, silentLogger()));
  expect(await replicas[0]!.publishIfDue()).toBe(true);
  expect(await replicas[1]!.publishIfDue()).toBe(false);
  expect(await replicas[0]!.publishIfDue()).toBe(false);

  const registry = new Registry();
  let reads = 0;
  registerFleetMetrics(registry, () => {
    reads += 1;
    return readFleetSnapshot(redis, key);
  });
  const text = await registry.metrics();
  expect(reads).toBe(1);
  expect(text).toContain('datasync_loader_accounts{status="error"} 1');
  expect(text).toContain('datasync_loader_accounts{status="idle"} 0');
  expect(text.match(/^datasync_loader_accounts\{/gm)).toHaveLength(7);
  expect(text.match(/^datasync_loader_account_lag_seconds\{/gm)).toHaveLength(2);
  expect(text).toMatch(new RegExp(`^datasync_loader_account_lag_seconds\\{account="${ids.hours}"\\} 4\\d{3}`, 'm'));
  expect(text).toContain('# TYPE datasync_loader_account_freshness_seconds histogram');
  expect(text).toContain('datasync_loader_account_freshness_seconds_bucket{le="300"} 3');
  expect(text).toContain('datasync_loader_account_freshness_seconds_bucket{le="+Inf"} 5');
  expect(text).toContain('datasync_loader_account_freshness_seconds_count 5');
});

it('serves the families empty when there is no snapshot', async () => {
  const registry = new Registry();
  registerFleetMetrics(registry, () => readFleetSnapshot(redis, `${key}:absent`));
  const text = await registry.metrics();
  expect(text).not.toMatch(/^datasync_loader_accounts\{/m);
  expect(text).not.toMatch(/^datasync_loader_account_freshness_seconds_bucket/m);
});
