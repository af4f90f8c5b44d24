import { Queue } from 'bullmq';
import { TABLES } from '@datasync/db';
import { createRedisConnection, closeRedisConnection } from '@datasync/queue';
import { waitFor } from '@datasync/testing';
import { createFullStackWorld, type FullStackWorld } from './support/fullStackWorld';
import type { ServiceProcess } from './support/loaderServices';
import { distinctAndTotal } from './support/syncScenarios';
import { TENTH_SCALE } from './support/tenthScale';

// Scale-in as an autoscaler does it: loaders stopped with SIGTERM (and new ones started) again and
// again during a large backfill. Each stops within its grace period, handing back its page and
// lease; the backfill ends exact, with no job stuck or failed.

// 1,000 pages of 10 rows: the pages, segments (the run's most, 32) and batches of a 100,000-row
// backfill at the default page of 100 (support/tenthScale.ts), so each SIGTERM lands among as
// many leased segments and pages in flight; the rows are what a stop does not depend on.
const ROWS = 10_000;
// Each page answered in a second while the loaders are stopped and started: 1,000 pages at the
// most segments an account keeps in flight (16) take over a minute, several times what the
// cycles need, so every cycle lands mid-backfill however fast the machine. Then the account
// answers at the emulator's usual speed again and the backfill ends.
const HOLD = { latency_ms: 1_000 };
// Kubernetes' default terminationGracePeriodSeconds.
const GRACE_MS = 30_000;
const CYCLES = 6;

let world: FullStackWorld;

beforeAll(async () => {
  world = await createFullStackWorld('postgres');
});

afterAll(async () => {
  await world?.close();
});

it(`SIGTERM to loaders ${CYCLES} times during a ${ROWS.toLocaleString('en')}-charge backfill: each exits in its grace period, the table ends exact`, async () => {
  let loaders: ServiceProcess[] = [await world.startLoader(TENTH_SCALE, 'loader-0'), await world.startLoader(TENTH_SCALE, 'loader-1')];
  await world.startApi();
  const account = await world.register({ charges: ROWS }, HOLD);
  const rows = () => world.destination.count('stripe_charges', account.identifier);

  const exits: number[] = [];
  for (let cycle = 0; cycle < CYCLES; cycle += 1) {
    const before = await rows();
    await waitFor(async () => (await rows()) > before || (await world.status(account.id))?.status === 'live', {
      description: 'rows arriving before the next stop',
      timeoutMs: 60_000,
      intervalMs: 200,
    });
    if ((await world.status(account.id))?.status === 'live') break;
    // The oldest loader goes, a new one comes: the replica count stays two.
    const [leaving, ...staying] = loaders;
    const stoppedAt = Date.now();
    await (leaving as ServiceProcess).stop();
    exits.push(Date.now() - stoppedAt);
    loaders = [...staying, await world.startLoader(TENTH_SCALE, `loader-${cycle + 2}`)];
  }
  await world.admin('POST', `/accounts/${account.externalId}/faults`, { latency_ms: null });
  expect(exits.length).toBeGreaterThanOrEqual(3);
  for (const ms of exits) expect(ms).toBeLessThan(GRACE_MS);

  await world.waitForStatus(account.id, 'live', 300_000);
  process.stdout.write(`scale-in: ${exits.length} loaders stopped by SIGTERM, exits in ${exits.join(', ')} ms\n`);
  expect(await distinctAndTotal(world, account.identifier)).toEqual({ distinct: ROWS, total: ROWS });
  const segments = (await world.knex(TABLES.segments).where({ account_id: account.id }).select('status', 'lease_token')) as {
    status: string;
    lease_token: string | null;
  }[];
  expect(segments.every((s) => s.status === 'done' && s.lease_token === null)).toBe(true);

  // No job stuck: nothing failed, nothing left waiting or running in the backfill queue.
  const redis = createRedisConnection(world.redis.url, { role: 'producer' });
  const backfill = new Queue('backfill', { connection: redis, prefix: world.env().QUEUE_PREFIX });
  try {
    await waitFor(async () => (await backfill.getJobCounts('active', 'waiting', 'delayed')).active === 0, {
      description: 'the backfill queue to drain',
      timeoutMs: 30_000,
    });
    expect(await backfill.getJobCounts('failed', 'waiting', 'delayed', 'active')).toMatchObject({
      failed: 0,
      waiting: 0,
      delayed: 0,
      active: 0,
    });
  } finally {
    await backfill.close();
    await closeRedisConnection(redis);
  }
});
