import { silentLogger } from '@datasync/logger';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { chargesVerification, verifiedAccountMissingRows } from '../testing/verifiedAccount';
import { verifyAccount } from './verifyAccount';

// A loader told to stop (SIGTERM: a deploy, a scale-in) has a bounded time to close its workers. A
// verification running then yields at its parts' next window, whatever its slice has left and
// even with no other job waiting, and the check goes on from the saved windows.

let h: LoaderHarness;

beforeAll(async () => {
  // Small windows and two parts: a stop lands mid-check.
  h = await startHarness({ settings: { verifyAfterLoad: true, verifyWindowObjects: 100, verifyConcurrency: 2 } });
  h.startWorkers(['lifecycle', 'backfill']);
});

afterAll(async () => {
  await h?.stop();
});

const row = (accountId: string) => chargesVerification(h, accountId);

it('a stopping process yields its verification at the next window, and the check completes later, exact', async () => {
  const account = await verifiedAccountMissingRows(h, 1_200, 40);

  const request = { accountId: account.id, scope: 'full' as const, requestedAt: new Date() };
  const stopping = await verifyAccount({ ...h.deps, stopping: () => true }, request, silentLogger());
  expect(stopping).toBe('yielded');
  // One window per part at most: 200 of the 1,200 objects, the check still in progress.
  const inProgress = await row(account.id);
  expect(inProgress.current_parts).not.toBeNull();
  expect(inProgress.current_found).toBeLessThanOrEqual(40);

  expect(await verifyAccount(h.deps, request, silentLogger())).toBe('done');
  expect(await row(account.id)).toMatchObject({ verified_scope: 'full', drift_found: 40, drift_repaired: 40, current_parts: null });
  expect(await h.destination.knex('stripe_charges').where({ account_id: account.identifier, _deleted: false }).count({ n: '*' })).toEqual([
    { n: '1200' },
  ]);
}, 180_000);
