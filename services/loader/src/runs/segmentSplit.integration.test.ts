import { TABLES } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { providerObjects } from '../testing/providerData';

// A run planned as one segment, on an account allowed four in flight: the dispatcher asks the
// reading segment to split, and the splits carry on until no half is worth a job. The result
// must be the account exactly, with the segments' ranges tiling the run's range.

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
  created_gte: string;
  created_lt: string;
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

  const run = await h.knex(TABLES.runs).where({ account_id: account.id }).first('id', 'lower_bound', 'upper_bound', 'status');
  expect(run.status).toBe('completed');
  const segments = (await h.knex(TABLES.segments).where({ run_id: run.id }).orderBy('created_gte')) as SegmentRow[];
  // The plan made one; the splits made the others.
  expect(segments.length).toBeGreaterThan(2);
  expect(segments.every((s) => s.status === 'done' && !s.split_wanted)).toBe(true);
  // Each object was written by exactly one segment: their counts add up to the account.
  expect(segments.reduce((sum, s) => sum + Number(s.rows_written), 0)).toBe(3_000);
  // The ranges tile the run's: no gap, no overlap.
  expect(Number(segments[0]?.created_gte)).toBe(Number(run.lower_bound));
  for (let i = 1; i < segments.length; i += 1) {
    expect(Number(segments[i]?.created_gte)).toBe(Number(segments[i - 1]?.created_lt));
  }
  expect(Number(segments[segments.length - 1]?.created_lt)).toBe(Number(run.upper_bound));
});
