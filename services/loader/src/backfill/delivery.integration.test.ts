import { randomUUID } from 'node:crypto';
import { TABLES } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { providerObjects } from '../testing/providerData';
import { attachAccount } from './attachAccount';
import { loadRunContext } from '../runs';
import { runSegmentSlice } from './segmentSlice';

// The same segment delivered twice at once (a stalled job put back while its worker still runs,
// or a duplicate enqueue): no duplicate rows, no lost update of the cursor or the counters. No
// workers run here: the test plays both deliveries itself.

let h: LoaderHarness;

beforeAll(async () => {
  // One page per batch and a long slice, so a delivery commits often and runs long enough to race.
  h = await startHarness({ settings: { batchRows: 100, sliceMs: 60_000, pagesPerSegment: 8, maxSegmentsPerRun: 3 } });
});

afterAll(async () => {
  await h?.stop();
});

async function setUp(charges: number) {
  const account = await h.addAccount({ charges });
  await h.emulator.admin('POST', `/accounts/${account.externalId}/faults`, { latency_ms: 15 });
  await attachAccount(h.deps, account.id, h.deps.logger);
  const run = await h.knex(TABLES.runs).where({ account_id: account.id }).first();
  const segment = await h.knex(TABLES.segments).where({ run_id: run.id, n: 1 }).first();
  const provider = await providerObjects(h.emulator.baseUrl, account.key);
  const inRange = [...provider.values()].filter(
    (o) => (o.created as number) >= segment.partition.createdGte && (o.created as number) < segment.partition.createdLt,
  );
  const ctx = await loadRunContext(h.deps, run.id);
  if (!ctx) throw new Error('no run context');
  return { account, run, segment, inRange, ctx };
}

async function rowsOf(identifier: string, ids: string[]) {
  return (await h.destination.knex('stripe_charges').where({ account_id: identifier }).whereIn('id', ids).select('id', 'data')) as {
    id: string;
    data: Record<string, unknown>;
  }[];
}

it('two deliveries at once: one reads, the other is told to come back when the lease ends', async () => {
  const { account, segment, inRange, ctx } = await setUp(3_000);
  const [a, b] = await Promise.all([runSegmentSlice(h.deps, ctx, 1, h.deps.logger), runSegmentSlice(h.deps, ctx, 1, h.deps.logger)]);
  expect([a.kind, b.kind].sort()).toEqual(['done', 'held']);
  const after = await h.knex(TABLES.segments).where({ run_id: segment.run_id, n: 1 }).first();
  expect(after).toMatchObject({ status: 'done', lease_token: null });
  expect(Number(after.rows_written)).toBe(inRange.length);
  const rows = await rowsOf(
    account.identifier,
    inRange.map((o) => String(o.id)),
  );
  expect(rows).toHaveLength(inRange.length);
});

it('a delivery whose lease was taken over stops at its next batch; the cursor and counters are the survivor’s alone', async () => {
  const { account, segment, inRange, ctx } = await setUp(3_000);
  expect(inRange.length).toBeGreaterThan(500);
  const first = runSegmentSlice(h.deps, ctx, 1, h.deps.logger);
  await waitFor(
    async () => {
      const row = await h.knex(TABLES.segments).where({ run_id: segment.run_id, n: 1 }).first('pages_read');
      return row.pages_read >= 2;
    },
    { description: 'the first delivery to commit two pages', timeoutMs: 20_000, intervalMs: 10 },
  );
  // Its lease runs out (as if it hung) and a second delivery takes the segment over.
  await h
    .knex(TABLES.segments)
    .where({ run_id: segment.run_id, n: 1 })
    .update({ lease_token: randomUUID(), leased_until: h.knex.raw("now() - interval '1 second'") });
  const second = runSegmentSlice(h.deps, ctx, 1, h.deps.logger);
  const [a, b] = await Promise.all([first, second]);
  expect(a.kind).toBe('lost');
  expect(b.kind).toBe('done');

  const after = await h.knex(TABLES.segments).where({ run_id: segment.run_id, n: 1 }).first();
  expect(after.status).toBe('done');
  // Counted once: the pages the first delivery committed plus what the second read from there.
  expect(Number(after.rows_written)).toBe(inRange.length);
  const rows = await rowsOf(
    account.identifier,
    inRange.map((o) => String(o.id)),
  );
  expect(rows).toHaveLength(inRange.length);
  const byId = new Map(rows.map((r) => [r.id, r.data]));
  for (const object of inRange) expect(byId.get(String(object.id))).toEqual(object);
});
