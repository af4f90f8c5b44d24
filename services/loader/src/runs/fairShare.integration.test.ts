import { TABLES } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { startHarness, type LoaderHarness } from '../testing/harness';

// One large account backfilling on a slow provider and small accounts attached after it, on a
// loader with four segment slots: the large one holds at most its cap of two, so the small ones
// load beside it instead of waiting for it to end.

let h: LoaderHarness;

beforeAll(async () => {
  h = await startHarness({ settings: { segmentsPerAccount: 2, maxSegmentsPerAccount: 2, pagesPerSegment: 5 } });
  h.startWorkers();
});

afterAll(async () => {
  await h?.stop();
});

const statusOf = async (accountId: string) =>
  ((await h.knex(TABLES.accountStates).where({ account_id: accountId }).first('status')) as { status: string } | undefined)?.status;

it('keeps a large backfill to its cap of segments, so small accounts load beside it', async () => {
  const large = await h.addAccount({ charges: 8_000 });
  // 80 pages at 60 ms on two segments: seconds of backfill, long after the small accounts are done.
  await h.emulator.admin('POST', `/accounts/${large.externalId}/faults`, { latency_ms: 60 });
  await h.deps.producer.enqueue('account.attach', { accountId: large.id });
  await waitFor(async () => ((await h.knex(TABLES.segments).where({ account_id: large.id })).length > 1 ? true : undefined), {
    description: 'the large backfill to be planned',
    timeoutMs: 30_000,
  });

  const small = await Promise.all([1, 2, 3].map(() => h.addAccount({ charges: 300 })));
  for (const account of small) await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  let mostQueued = 0;
  await waitFor(
    async () => {
      const [{ queued }] = (await h.knex(TABLES.segments).where({ account_id: large.id, status: 'queued' }).count({ queued: '*' })) as [
        { queued: string },
      ];
      mostQueued = Math.max(mostQueued, Number(queued));
      const statuses = await Promise.all(small.map((a) => statusOf(a.id)));
      return statuses.every((s) => s === 'live') ? true : undefined;
    },
    { description: 'the small accounts to be live', timeoutMs: 60_000, intervalMs: 50 },
  );
  // The small accounts were done while the large one still had most of its backfill to go.
  expect(await statusOf(large.id)).not.toBe('live');
  expect(mostQueued).toBeLessThanOrEqual(2);
  await h.emulator.admin('POST', `/accounts/${large.externalId}/faults`, { latency_ms: null });
});
