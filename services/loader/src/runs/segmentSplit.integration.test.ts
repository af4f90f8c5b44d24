import { TABLES } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { providerObjects } from '../testing/providerData';

// A run planned as one segment, on an account allowed four in flight: the dispatcher asks the
// reading segment to split, and the splits carry on until no half is worth a job. The result
// must be the account exactly, with the segments' partitions (Stripe's `created` ranges) tiling
// the run's range.

let h: LoaderHarness;

beforeAll(async () => {
  h = await startHarness({
    settings: {
      // One segment from the plan, one page a batch (a commit, so a chance to split, per page).
      pagesPerSegment: 1_000,
      batchRows: 100,
      segmentsPerAccount: 4,
      maxSegmentsPerAccount: 4,
      splitMinRows: 400,
    },
  });
  h.startWorkers();
});

afterAll(async () => {
  await h?.stop();
});

interface SegmentRow {
  n: number;
  partition: { createdGte: number; createdLt: number };
  status: string;
  rows_written: string;
  split_wanted: boolean;
}

it('splits a reading segment for idle slots, and loads every object once', async () => {
  const account = await h.addAccount({ charges: 3_000 });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(
    async () =>
      (await h.knex(TABLES.accountStates).where({ account_id: account.id }).first('status'))?.status === 'live' ? true : undefined,
    { description: 'the account to be live', timeoutMs: 60_000, intervalMs: 200 },
  );

  const provider = await providerObjects(h.emulator.baseUrl, account.key);
  const loaded = (await h.destination.knex('stripe_charges').where({ account_id: account.identifier }).pluck('id')) as string[];
  expect(loaded.sort()).toEqual([...provider.keys()].sort());

  const run = await h.knex(TABLES.runs).where({ account_id: account.id }).first('id', 'plan', 'lower_bound', 'upper_bound', 'status');
  expect(run.status).toBe('completed');
  const segments = (await h
    .knex(TABLES.segments)
    .where({ run_id: run.id })
    .orderByRaw("(partition->>'createdGte')::bigint")) as SegmentRow[];
  // The plan made one; the splits made the others.
  expect(segments.length).toBeGreaterThan(2);
  expect(segments.every((s) => s.status === 'done' && !s.split_wanted)).toBe(true);
  // Each object was written by exactly one segment: their counts add up to the account.
  expect(segments.reduce((sum, s) => sum + Number(s.rows_written), 0)).toBe(3_000);
  // The ranges tile the run's: no gap, no overlap.
  expect(run.plan.createdGte).toBe(Number(run.lower_bound));
  expect(run.plan.createdLt).toBe(Number(run.upper_bound));
  expect(segments[0]?.partition.createdGte).toBe(run.plan.createdGte);
  for (let i = 1; i < segments.length; i += 1) {
    expect(segments[i]?.partition.createdGte).toBe(segments[i - 1]?.partition.createdLt);
  }
  expect(segments[segments.length - 1]?.partition.createdLt).toBe(run.plan.createdLt);
});
