import { TABLES } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { startHarness, type LoaderHarness } from '../testing/harness';

// A lease shorter than one provider page: only the heartbeat keeps a live job's segment its own,
// which is what lets the lease be short enough for dead loaders' work to be taken over quickly.

const LEASE_MS = 2_000;
const PAGE_LATENCY_MS = 2_500;

let h: LoaderHarness;

beforeAll(async () => {
  h = await startHarness({ settings: { leaseMs: LEASE_MS, sliceMs: 20_000 } });
});

afterAll(async () => {
  await h?.stop();
});

it('keeps a running job its lease through pages slower than the lease term', async () => {
  const workers = h.startWorkers();
  const account = await h.addAccount({ charges: 1_500 });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await h.knex(TABLES.segments).where({ account_id: account.id })).length > 0, {
    description: 'the backfill to be planned',
    timeoutMs: 20_000,
  });
  await h.emulator.admin('POST', `/accounts/${account.externalId}/faults`, { latency_ms: PAGE_LATENCY_MS });

  // Sampled for a few pages: a segment held by a job never shows a lapsed lease.
  let held = 0;
  let lapsed = 0;
  const until = Date.now() + 4 * PAGE_LATENCY_MS;
  while (Date.now() < until) {
    const rows = (await h
      .knex(TABLES.segments)
      .where({ account_id: account.id })
      .whereNotNull('lease_token')
      .select(h.knex.raw('leased_until > now() as live'))) as { live: boolean }[];
    held += rows.length;
    lapsed += rows.filter((r) => !r.live).length;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(held).toBeGreaterThan(0);
  expect(lapsed).toBe(0);

  await h.emulator.admin('POST', `/accounts/${account.externalId}/faults`, { latency_ms: null });
  await waitFor(async () => (await h.knex(TABLES.accountStates).where({ account_id: account.id }).first('status'))?.status === 'live', {
    description: 'the backfill to finish',
    timeoutMs: 60_000,
  });
  expect(await h.destination.knex('stripe_charges').where({ account_id: account.identifier }).count({ n: '*' })).toEqual([{ n: '1500' }]);
  await workers.close();
});
