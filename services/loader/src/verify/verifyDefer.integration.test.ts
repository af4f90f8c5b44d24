import { TABLES } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { chargesVerification } from '../testing/verifiedAccount';

// Loads go first (accountVerify.job.ts): a verification asked for while its loader runs segment
// jobs waits for them, up to LOADER_VERIFY_DEFER_S after it was asked for.

let h: LoaderHarness;

beforeAll(async () => {
  // One segment job per account: the held account keeps one worker slot, and the others load
  // and verify beside it.
  h = await startHarness({ settings: { verifyAfterLoad: true, verifyDeferMs: 60_000, segmentsPerAccount: 1, maxSegmentsPerAccount: 1 } });
  h.startWorkers(['lifecycle', 'backfill']);
});

afterAll(async () => {
  await h?.stop();
});

// Enough pages at half a second that the load is still running when the emulator holds it.
const SLOW_CHARGES = 3_000;

const rows = async (identifier: string) =>
  Number(((await h.destination.knex('stripe_charges').where({ account_id: identifier }).count({ n: '*' })) as { n: string }[])[0]?.n);

const runCompleted = async (accountId: string) =>
  (await h.knex(TABLES.runs).where({ account_id: accountId, status: 'completed' }).first()) !== undefined;

/**
 * An account loading, held there: once its first rows are in, the emulator holds its requests
 * unanswered, so its segment jobs stay running (and its load unfinished) however fast the machine,
 * until the test releases it.
 */
async function heldLoad() {
  const account = await h.addAccount({ charges: SLOW_CHARGES }, { latency_ms: 500 });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await rows(account.identifier)) > 0, { description: 'the slow load to start', timeoutMs: 30_000 });
  await h.emulator.hold(account.externalId, true);
  return account;
}

it("waits for the loader's segment jobs, then verifies", async () => {
  const slow = await heldLoad();
  const quick = await h.addAccount({ charges: 150 });
  await h.deps.producer.enqueue('account.attach', { accountId: quick.id });
  await waitFor(() => runCompleted(quick.id), { description: 'the quick load', timeoutMs: 30_000 });

  // Its verification is asked for; while the slow account loads, it has not run.
  await waitFor(() => h.deps.queues.isLive('account.verify', { accountId: quick.id, scope: 'full' }), {
    description: 'the verification to be asked for',
    timeoutMs: 10_000,
  });
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  expect(await rows(slow.identifier)).toBeLessThan(SLOW_CHARGES);
  expect((await chargesVerification(h, quick.id))?.verified_at ?? null).toBeNull();

  await h.emulator.hold(slow.externalId, false);
  await waitFor(() => runCompleted(slow.id), { description: 'the slow load', timeoutMs: 90_000 });
  await waitFor(async () => (await chargesVerification(h, quick.id))?.verified_at, {
    description: 'the verification once the loads are done',
    timeoutMs: 20_000,
  });
}, 120_000);

it('verifies regardless once it was asked for longer ago than the bound', async () => {
  h.deps.settings.verifyDeferMs = 1_000;
  const slow = await heldLoad();
  const quick = await h.addAccount({ charges: 150 });
  await h.deps.producer.enqueue('account.attach', { accountId: quick.id });
  await waitFor(async () => (await chargesVerification(h, quick.id))?.verified_at, {
    description: 'the verification while the slow account still loads',
    timeoutMs: 20_000,
  });
  expect(await rows(slow.identifier)).toBeLessThan(SLOW_CHARGES);
  expect(h.deps.running.count('segment.load')).toBeGreaterThan(0);
  await h.emulator.hold(slow.externalId, false);
}, 120_000);
