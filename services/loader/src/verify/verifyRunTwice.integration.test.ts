import { silentLogger } from '@datasync/logger';
import { completeProviderObjects } from '../testing/completeProviderObjects';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { chargesVerification, verifiedAccountMissingRows } from '../testing/verifiedAccount';
import { verifyAccount } from './verifyAccount';

// A job BullMQ finds stalled (its worker starved of CPU past its lock) runs again while the first
// run may still be walking. Two runs of one check share it: each window's drift is counted by the
// run that saves the window first, the other stops walking that part, and the check completes
// once, with the destination equal to the provider.

let h: LoaderHarness;

beforeAll(async () => {
  // Small windows and two parts: many windows for the two runs to meet on.
  h = await startHarness({ settings: { verifyAfterLoad: true, verifyWindowObjects: 100, verifyConcurrency: 2 } });
  h.startWorkers(['lifecycle', 'backfill']);
});

afterAll(async () => {
  await h?.stop();
});

const row = (accountId: string) => chargesVerification(h, accountId);

it('counts the drift once when two runs of the same check walk it side by side', async () => {
  const account = await verifiedAccountMissingRows(h, 1_200, 60);

  const request = { accountId: account.id, scope: 'full' as const, requestedAt: new Date() };
  const outcomes = await Promise.all([verifyAccount(h.deps, request, silentLogger()), verifyAccount(h.deps, request, silentLogger())]);
  // A run that met the other on a part yields, as its job would, and goes on from the saved windows.
  for (let i = 0; i < 10 && !outcomes.includes('done'); i++) outcomes.push(await verifyAccount(h.deps, request, silentLogger()));

  expect(outcomes).toContain('done');
  const verified = (await row(account.id)) as {
    verified_scope: string;
    drift_found: number;
    drift_repaired: number;
    current_parts: unknown;
  };
  expect(verified).toMatchObject({ verified_scope: 'full', current_parts: null });
  // Never counted twice: at most the 60 rows lost. Fewer when the run that saved a window first
  // compared it after the other run had repaired some of it (docs/verification.md, A job run twice).
  expect(verified.drift_found).toBeLessThanOrEqual(60);
  expect(verified.drift_repaired).toBe(verified.drift_found);
  const provider = await completeProviderObjects(h.emulator.baseUrl, account.key, 'charges');
  const stored = (await h.destination
    .knex('stripe_charges')
    .where({ account_id: account.identifier, _deleted: false })
    .pluck('id')) as string[];
  expect(stored.sort()).toEqual([...provider.keys()].sort());
}, 180_000);
