import { TABLES, type TableVerificationRow } from '@datasync/db';
import { silentLogger } from '@datasync/logger';
import { waitFor } from '@datasync/testing';
import { startHarness, type LoaderHarness } from '../testing/harness';
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

const row = async (accountId: string) =>
  (await h.knex(TABLES.tableVerifications).where({ account_id: accountId, table_name: 'stripe_charges' }).first()) as TableVerificationRow;

it('a stopping process yields its verification at the next window, and the check completes later, exact', async () => {
  const account = await h.addAccount({ charges: 1_200 });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await row(account.id))?.verified_at, { description: 'the verification after the load', timeoutMs: 60_000 });
  await waitFor(async () => !(await h.deps.queues.isLive('account.verify', { accountId: account.id, scope: 'full' })), {
    description: 'the verification job to end',
    timeoutMs: 20_000,
  });
  const lost = (await h.destination
    .knex('stripe_charges')
    .where({ account_id: account.identifier })
    .orderByRaw('md5(id)')
    .limit(40)
    .pluck('id')) as string[];
  await h.destination.knex('stripe_charges').whereIn('id', lost).delete();

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
