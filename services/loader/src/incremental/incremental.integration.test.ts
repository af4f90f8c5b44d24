import { TABLES } from '@datasync/db';
import { silentLogger } from '@datasync/logger';
import { waitFor } from '@datasync/testing';
import { mountCollection } from '../testing/fixtures';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { providerObjects } from '../testing/providerData';
import { pollAccount } from './pollAccount';

// Incremental sync against the emulator as a process and a real destination: changes made at the
// provider while the backfill runs (several of them to one object within one second) are in the
// destination after one poll; a cursor past the event retention resyncs, and the resync swaps in
// only when complete. Deletions are of customers: Stripe deletes those (customer.deleted), and
// sends no delete event for charges, which cannot be deleted.

let h: LoaderHarness;

beforeAll(async () => {
  h = await startHarness();
  await mountCollection(h.knex, { environmentId: h.environmentId, syncId: h.target.syncId, resource: 'customers' });
  // No poll worker: the tests poll themselves, so each poll they expect is the one they make.
  h.startWorkers(['lifecycle', 'backfill', 'maintenance']);
});

afterAll(async () => {
  await h?.stop();
});

interface Row {
  id: string;
  data: Record<string, unknown>;
  _deleted: boolean;
}

async function rows(identifier: string, resource = 'charges'): Promise<Map<string, Row>> {
  const found = (await h.destination
    .knex(`stripe_${resource}`)
    .where({ account_id: identifier })
    .select('id', 'data', '_deleted')) as Row[];
  return new Map(found.map((r) => [r.id, r]));
}

/** The account's live rows are exactly the provider's objects, with their data; every other row is marked deleted. */
async function expectEqualsProvider(
  account: { identifier: string; key: string },
  deleted: readonly string[],
  resource = 'charges',
): Promise<void> {
  const provider = await providerObjects(h.emulator.baseUrl, account.key, resource);
  const stored = await rows(account.identifier, resource);
  const live = [...stored.values()].filter((r) => !r._deleted);
  expect(live.map((r) => r.id).sort()).toEqual([...provider.keys()].sort());
  for (const row of live) expect(row.data).toEqual(provider.get(row.id));
  expect(
    [...stored.values()]
      .filter((r) => r._deleted)
      .map((r) => r.id)
      .sort(),
  ).toEqual([...deleted].sort());
}

const status = async (accountId: string) =>
  (await h.knex(TABLES.accountStates).where({ account_id: accountId }).first('status', 'rows_loaded')) as
    { status: string; rows_loaded: string } | undefined;

const admin = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => h.emulator.admin<T>(method, path, body);

it('applies creates, updates and deletes made during the backfill, same-second ones included, in one poll', async () => {
  const account = await h.addAccount({ charges: 1_500, customers: 300 });
  const listed = [...(await providerObjects(h.emulator.baseUrl, account.key)).keys()];
  const customers = [...(await providerObjects(h.emulator.baseUrl, account.key, 'customers')).keys()];
  // Slow reads, so the changes below land while the backfill is still running.
  await admin('POST', `/accounts/${account.externalId}/faults`, { latency_ms: 300 });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => Number((await status(account.id))?.rows_loaded ?? 0) > 0, { description: 'first rows', timeoutMs: 30_000 });

  const [updatedOnce, updatedThrice] = [listed[5], listed[700]] as [string, string];
  const [deletedOld, changedThenDeleted] = [customers[150], customers[280]] as [string, string];
  const path = (id = '', resource = 'charges') => `/accounts/${account.externalId}/${resource}${id ? `/${id}` : ''}`;
  const created = await admin<{ id: string }>('POST', path(), { description: 'created during the backfill' });
  await admin('POST', path(updatedOnce), { description: 'updated once' });
  // Three changes to one object, the last one winning, as fast as the admin API answers: most
  // often within one second, which only a re-fetch can order.
  for (const n of [1, 2, 3]) await admin('POST', path(updatedThrice), { description: `update ${n}`, metadata: { n: String(n) } });
  await admin('DELETE', path(deletedOld, 'customers'));
  await admin('POST', path(changedThenDeleted, 'customers'), { description: 'about to go' });
  await admin('DELETE', path(changedThenDeleted, 'customers'));
  const bornAndGone = await admin<{ id: string }>('POST', path('', 'customers'), { description: 'short-lived' });
  await admin('DELETE', path(bornAndGone.id, 'customers'));
  // All of it while the charges' run is still running (the customers' may have started too).
  expect(await h.knex(TABLES.runs).where({ account_id: account.id, status: 'running', table_name: 'stripe_charges' })).toHaveLength(1);
  await admin('POST', `/accounts/${account.externalId}/faults`, { latency_ms: null });

  await waitFor(async () => (await status(account.id))?.status === 'live', { description: 'the backfill to end', timeoutMs: 60_000 });
  const outcome = await pollAccount(h.deps, account.id, silentLogger());
  expect(outcome).toMatchObject({ kind: 'polled', tables: 2, caughtUp: true });

  // bornAndGone was never listed: its row is a tombstone, so no later read can bring it back.
  await expectEqualsProvider(account, []);
  await expectEqualsProvider(account, [deletedOld, changedThenDeleted, bornAndGone.id], 'customers');
  const stored = await rows(account.identifier);
  expect(stored.get(created.id)?.data).toMatchObject({ description: 'created during the backfill' });
  expect(stored.get(updatedThrice)?.data).toMatchObject({ description: 'update 3', metadata: { n: '3' } });

  // A second poll finds nothing new and changes nothing.
  expect(await pollAccount(h.deps, account.id, silentLogger())).toMatchObject({ kind: 'polled', events: 0, written: 0 });
  const cursors = await h.knex(TABLES.eventCursors).where({ account_id: account.id }).orderBy('table_name');
  expect(cursors.map((c: { table_name: string }) => c.table_name)).toEqual(['stripe_charges', 'stripe_customers']);
  for (const cursor of cursors) {
    expect(cursor).toMatchObject({ polled_at: expect.any(Date) });
    expect(cursor.cursor).toMatch(/^evt_/);
  }
});

it('does not poll a table whose backfill is still running, and shows the account live once it is done', async () => {
  const account = await h.addAccount({ charges: 3_000 });
  await admin('POST', `/accounts/${account.externalId}/faults`, { latency_ms: 300 });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => Number((await status(account.id))?.rows_loaded ?? 0) > 0, { description: 'first rows', timeoutMs: 30_000 });
  // The customers table (the account has none) is loaded at once; the charges table is not yet.
  await waitFor(
    async () =>
      (await h.knex(TABLES.runs).where({ account_id: account.id, table_name: 'stripe_customers', status: 'completed' })).length === 1,
    {
      description: 'the customers run to complete',
      timeoutMs: 30_000,
    },
  );
  expect(await pollAccount(h.deps, account.id, silentLogger())).toMatchObject({ kind: 'polled', tables: 1 });
  expect(await h.knex(TABLES.eventCursors).where({ account_id: account.id }).pluck('table_name')).toEqual(['stripe_customers']);
  await admin('POST', `/accounts/${account.externalId}/faults`, { latency_ms: null });
  await waitFor(async () => (await status(account.id))?.status === 'live', { description: 'the backfill to end', timeoutMs: 60_000 });
  expect(await pollAccount(h.deps, account.id, silentLogger())).toMatchObject({ kind: 'polled', tables: 2 });
});

it('resyncs when the cursor is past the event retention: old rows stay readable, then what the provider dropped is marked deleted', async () => {
  const account = await h.addAccount({ charges: 800, customers: 50 });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await status(account.id))?.status === 'live', { description: 'the backfill to end', timeoutMs: 60_000 });
  const listed = [...(await providerObjects(h.emulator.baseUrl, account.key)).keys()];
  const path = (id = '', resource = 'charges') => `/accounts/${account.externalId}/${resource}${id ? `/${id}` : ''}`;
  await admin('POST', path(listed[0]), { description: 'seen by a poll' });
  expect(await pollAccount(h.deps, account.id, silentLogger())).toMatchObject({ kind: 'polled', caughtUp: true });
  expect((await rows(account.identifier)).get(listed[0] as string)?.data).toMatchObject({ description: 'seen by a poll' });

  // A deletion whose event leaves the retention before any poll sees it: only a full read can tell.
  const lost = [...(await providerObjects(h.emulator.baseUrl, account.key, 'customers')).keys()][10] as string;
  await admin('DELETE', path(lost, 'customers'));
  await admin('POST', `/accounts/${account.externalId}/clock`, { advance_seconds: 31 * 86_400 });
  const later = await admin<{ id: string }>('POST', path(), { description: 'after the gap' });

  const outcome = await pollAccount(h.deps, account.id, silentLogger());
  expect(outcome).toMatchObject({ kind: 'polled', resyncs: 2 });
  const resyncs = await h.knex(TABLES.runs).where({ account_id: account.id, kind: 'resync' }).select('id');
  expect(resyncs).toHaveLength(2);

  // While the resync runs, the account's rows stay: none disappears, none is marked deleted yet.
  let fewest = Infinity;
  await waitFor(
    async () => {
      const now = await rows(account.identifier);
      fewest = Math.min(fewest, [...now.values()].filter((r) => !r._deleted).length);
      const done = await h
        .knex(TABLES.runs)
        .whereIn(
          'id',
          resyncs.map((r: { id: string }) => r.id),
        )
        .where({ status: 'completed' });
      return done.length === 2;
    },
    { description: 'the resync runs to complete', timeoutMs: 60_000, intervalMs: 100 },
  );
  expect(fewest).toBeGreaterThanOrEqual(800);

  expect(await pollAccount(h.deps, account.id, silentLogger())).toMatchObject({ kind: 'polled', caughtUp: true });
  await expectEqualsProvider(account, []);
  await expectEqualsProvider(account, [lost], 'customers');
  expect((await rows(account.identifier)).get(later.id)?.data).toMatchObject({ description: 'after the gap' });
});
