import { TABLES } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { canonicalJson, createLoaderWorld, providerCharges, waitForStatus, type LoaderWorld } from './support/loaderWorld';
import { TENTH_SCALE, TENTH_SCALE_PAGE_ROWS } from './support/tenthScale';

// kill -9 a loader in the middle of a 500-page backfill and start it again: the destination
// equals the provider exactly, and no page is read more than twice.

// 500 pages of 10 rows: the pages, segments (the run's most, 32), batches and requests in flight
// of a 50,000-row backfill at the default page of 100 (support/tenthScale.ts), so a kill lands
// among as many segments and pages in flight; the rows are what the kill does not depend on.
const ROWS = 5_000;
// Until the kill, each request answered in a second: the 400 pages still to read after a
// fifth then take 25 s or more (16 at a time), so the kill lands mid-backfill however fast the
// machine; once the loader is dead the account answers at the emulator's usual speed again.
const HOLD = { latency_ms: 1_000 };
// A short lease, so the restarted loader may take over the dead one's segments soon after BullMQ
// hands their jobs back (its stalled-job check, about 30 s).
const LOADER_ENV = { ...TENTH_SCALE, LOADER_SEGMENT_LEASE_MS: '10000', LOADER_RECONCILE_INTERVAL_MS: '5000' };

let world: LoaderWorld;

beforeAll(async () => {
  world = await createLoaderWorld();
});

afterAll(async () => {
  await world?.close();
});

it('survives kill -9 mid-backfill: exact rows, no duplicates, no page read more than twice', async () => {
  const first = await world.startLoader(LOADER_ENV, 'loader-1');
  const account = await world.insertAccount({ charges: ROWS });
  await world.emulator.faults(account.externalId, HOLD);
  await world.attach(account.id);

  await waitFor(async () => (await world.countRows(account.identifier)) >= ROWS * 0.2, {
    description: 'a fifth of the backfill',
    timeoutMs: 60_000,
    intervalMs: 100,
  });
  await first.kill();
  await world.emulator.faults(account.externalId, { latency_ms: null });
  const killedAt = Date.now();
  const atKill = await world.countRows(account.identifier);
  expect(atKill).toBeLessThan(ROWS);

  await world.startLoader(LOADER_ENV, 'loader-2');
  await waitForStatus(world.controlPlane.knex, account.id, 'live', 150_000);
  process.stdout.write(`loader crash test: ${atKill} rows at the kill, live ${Date.now() - killedAt} ms after it\n`);

  // Read before the test lists the provider itself, which the emulator counts too.
  const stats = await world.emulator.stats(account.externalId);
  // The loader read at Stripe-like latency; the test's own read of the charges need not wait as long.
  await world.emulator.faults(account.externalId, { latency_ms: 0 });
  const provider = await providerCharges(world.emulator.url, account.key);
  expect(provider.size).toBe(ROWS);
  const [counts] = (await world.destination
    .knex('stripe_charges')
    .where({ account_id: account.identifier })
    .select(world.destination.knex.raw('count(*)::int as total'), world.destination.knex.raw('count(distinct id)::int as distinct'))) as {
    total: number;
    distinct: number;
  }[];
  expect(counts).toEqual({ total: ROWS, distinct: ROWS });
  const loaded = await world.loadedRows(account.identifier);
  const missing = [...provider.keys()].filter((id) => !loaded.has(id));
  expect(missing).toEqual([]);
  const different = [...provider].filter(([id, object]) => canonicalJson(loaded.get(id)) !== canonicalJson(object)).map(([id]) => id);
  expect(different).toEqual([]);

  // Every page was committed once (pages_read); reads beyond that are the pages in flight at the
  // kill, read again after the restart.
  const segments = (await world.controlPlane.knex(TABLES.segments).where({ account_id: account.id }).select('pages_read', 'status')) as {
    pages_read: number;
    status: string;
  }[];
  expect(segments.every((s) => s.status === 'done')).toBe(true);
  const committedPages = segments.reduce((sum, s) => sum + s.pages_read, 0);
  const listRequests = stats.by_endpoint['/v1/charges'] ?? 0;
  expect(committedPages).toBeGreaterThanOrEqual(ROWS / TENTH_SCALE_PAGE_ROWS);
  expect(listRequests).toBeGreaterThanOrEqual(committedPages);
  expect(listRequests).toBeLessThanOrEqual(2 * committedPages);
  expect(await world.controlPlane.knex(TABLES.runs).where({ account_id: account.id })).toHaveLength(1);
});
