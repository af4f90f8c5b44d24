import { TABLES } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { createFullStackWorld, type FullStackWorld, type RegisteredAccount } from './support/fullStackWorld';
import type { ServiceProcess } from './support/loaderServices';
import { distinctAndTotal } from './support/syncScenarios';

// Postgres is the system of record, Redis a cache of work: a Redis that comes back empty and
// loaders that all die mid-backfill are repaired by the loaders themselves, no process restarted
// by hand, with the loader's default lease, reconcile and poll intervals.

const LOADER_ENV = {
  LOADER_SEGMENT_LEASE_MS: '15000',
  LOADER_RECONCILE_INTERVAL_MS: '15000',
  LOADER_SELF_CHECK_INTERVAL_MS: '10000',
  LOADER_POLL_INTERVAL_MS: '15000',
  // A modest provider pace (20 req/s: half of these limits, the sources' default share), so each
  // backfill is still running when the fault comes.
  PROVIDER_RATE_TEST_PER_SECOND: '40',
  PROVIDER_RATE_ENDPOINT_PER_SECOND: '40',
};

let world: FullStackWorld;
const loaders: ServiceProcess[] = [];

beforeAll(async () => {
  world = await createFullStackWorld('postgres', { persistentRedis: false });
  loaders.push(await world.startLoader(LOADER_ENV, 'loader-1'), await world.startLoader(LOADER_ENV, 'loader-2'));
  await world.startApi();
});

afterAll(async () => {
  await world?.close();
});

const rowsWritten = async (accountId: string): Promise<number> =>
  Number(
    ((await world.knex(TABLES.segments).where({ account_id: accountId }).sum({ n: 'rows_written' })) as [{ n: string | null }])[0].n ?? 0,
  );

const stillRunning = (process: ServiceProcess): Promise<boolean> =>
  Promise.race([process.exited.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 50))]);

async function changeArrives(account: RegisteredAccount, description: string, timeoutMs: number): Promise<void> {
  const [charge] = [...(await world.destination.rows('stripe_charges', account.identifier)).keys()];
  await world.admin('POST', `/accounts/${account.externalId}/charges/${charge}`, { description });
  await waitFor(
    async () =>
      (await world.destination.rows('stripe_charges', account.identifier)).get(charge as string)?.data.description === description,
    {
      description: `the change "${description}"`,
      timeoutMs,
      intervalMs: 250,
    },
  );
}

it('Redis killed (no persistence) mid-backfill and restarted empty: the backfill completes exact and a live account keeps syncing', async () => {
  const live = await world.register({ charges: 200 });
  await world.waitForStatus(live.id, 'live', 60_000);
  const loading = await world.register({ charges: 6_000 });
  await waitFor(async () => (await rowsWritten(loading.id)) >= 1_000, {
    description: 'the backfill under way',
    timeoutMs: 60_000,
    intervalMs: 100,
  });

  await world.redis.kill();
  const atKill = await world.destination.count('stripe_charges', loading.identifier);
  expect(atKill).toBeLessThan(6_000);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await world.redis.start();
  const backAt = Date.now();

  // Loading resumes (rows written after Redis came back), and the backfill completes.
  const before = await rowsWritten(loading.id);
  await waitFor(async () => (await rowsWritten(loading.id)) > before || (await world.status(loading.id))?.status === 'live', {
    description: 'loading to resume',
    timeoutMs: 30_000,
    intervalMs: 100,
  });
  const resumedMs = Date.now() - backAt;
  await changeArrives(live, 'after Redis came back empty', 30_000);
  const pollingMs = Date.now() - backAt;
  await world.waitForStatus(loading.id, 'live', 120_000);
  process.stdout.write(`redis lost: loading resumed ${resumedMs} ms and a live change arrived ${pollingMs} ms after Redis was back\n`);

  expect(await distinctAndTotal(world, loading.identifier)).toEqual({ distinct: 6_000, total: 6_000 });
  await world.expectMirrors(loading);
  await world.expectMirrors(live);
  // No process was restarted: both loaders are the ones started before the fault.
  for (const loader of loaders) expect(await stillRunning(loader)).toBe(true);
});

it('every loader killed mid-backfill and started again 20 s later: loading resumes within 20 s, exact', async () => {
  const account = await world.register({ charges: 6_000 });
  await waitFor(async () => (await rowsWritten(account.id)) >= 1_000, {
    description: 'the backfill under way',
    timeoutMs: 60_000,
    intervalMs: 100,
  });
  const killed = loaders.splice(0);
  await Promise.all(killed.map((loader) => loader.kill()));
  await new Promise((resolve) => setTimeout(resolve, 20_000));
  const atRestart = await rowsWritten(account.id);
  expect(atRestart).toBeLessThan(6_000);

  const restartedAt = Date.now();
  loaders.push(await world.startLoader(LOADER_ENV, 'loader-3'), await world.startLoader(LOADER_ENV, 'loader-4'));
  await waitFor(async () => (await rowsWritten(account.id)) > atRestart, {
    description: 'loading to resume',
    timeoutMs: 20_000,
    intervalMs: 100,
  });
  const resumedMs = Date.now() - restartedAt;
  await world.waitForStatus(account.id, 'live', 120_000);
  process.stdout.write(`all loaders killed: loading resumed ${resumedMs} ms after the restart\n`);

  expect(await distinctAndTotal(world, account.identifier)).toEqual({ distinct: 6_000, total: 6_000 });
  await world.expectMirrors(account);
});
