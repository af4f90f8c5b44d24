import { TABLES } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { accountState, createLoaderWorld, waitForStatus, type LoaderWorld } from './support/loaderWorld';
import { TENTH_SCALE } from './support/tenthScale';

// An account added while another account's 2,000-page backfill runs gets its first rows long
// before that backfill ends: attach is its own queue, and the large account holds only a few
// places in the backfill queue (lazy segments, per-account cap). The times belong to the bench.

// 2,000 pages of 10 rows and 20 for the new account: the pages, segments and queue places of
// 200,000 and 2,000 rows at the default page of 100 (support/tenthScale.ts). What is proved is
// about places in the queues, which count pages and segments, not rows; both accounts' pages
// take the same time, so their progress relative to each other is the same as at full size.
const BIG = 20_000;
const SMALL = 200;
// Both accounts answer each request in half a second: the large backfill then lasts over a minute
// (2,000 pages, 16 at a time), as long as at full size, however fast the machine, and the two
// accounts' pages still take the same time.
const HOLD = { latency_ms: 500 };

let world: LoaderWorld;

beforeAll(async () => {
  world = await createLoaderWorld();
});

afterAll(async () => {
  await world?.close();
});

it('loads a new account while a large backfill runs, and finishes it first', async () => {
  const loader = await world.startLoader(TENTH_SCALE);
  const big = await world.insertAccount({ charges: BIG });
  await world.emulator.faults(big.externalId, HOLD);
  await world.attach(big.id);
  await waitFor(async () => (await world.countRows(big.identifier)) >= BIG / 40, {
    description: 'the large backfill to run',
    timeoutMs: 60_000,
  });

  const small = await world.insertAccount({ charges: SMALL });
  await world.emulator.faults(small.externalId, HOLD);
  await world.attach(small.id);
  await waitFor(async () => (await world.countRows(small.identifier)) > 0, {
    description: 'the new account’s first rows',
    timeoutMs: 30_000,
    intervalMs: 50,
  });
  const bigAtFirstRow = await world.countRows(big.identifier);

  await waitForStatus(world.controlPlane.knex, small.id, 'live', 60_000);
  const bigAtSmallDone = await world.countRows(big.identifier);
  expect(await world.countRows(small.identifier)).toBe(SMALL);
  // The new account's first rows came with most of the large backfill still to do, and it was
  // complete while the large one still had a good part left (that one's own completeness is the
  // crash and delivery tests' subject; waiting for it here would only add minutes).
  expect((await accountState(world.controlPlane.knex, big.id))?.status).toBe('loading');
  expect(bigAtFirstRow).toBeLessThan(BIG / 2);
  expect(bigAtSmallDone).toBeLessThan(BIG * 0.9);

  // SIGTERM mid-backfill: the loader gives its segments back at the next batch and exits cleanly.
  await loader.stop();
  expect(await loader.exited).toBe(0);
  const held = await world.controlPlane.knex(TABLES.segments).where({ account_id: big.id }).whereNotNull('lease_token').count({ n: '*' });
  expect(held).toEqual([{ n: '0' }]);
});
