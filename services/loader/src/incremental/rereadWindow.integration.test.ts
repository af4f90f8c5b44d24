import { TABLES } from '@datasync/db';
import { silentLogger } from '@datasync/logger';
import { waitFor } from '@datasync/testing';
import { completeProviderObjects } from '../testing/completeProviderObjects';
import { mountCollection } from '../testing/fixtures';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { pollAccount } from './pollAccount';

// Stripe sends no events for balance transactions, yet their `status` moves from `pending` to
// `available` when `available_on` passes. The loader re-reads the recent window once per interval.

let h: LoaderHarness;

beforeAll(async () => {
  h = await startHarness();
  await mountCollection(h.knex, { environmentId: h.environmentId, syncId: h.target.syncId, resource: 'balance_transactions' });
  h.startWorkers(['lifecycle', 'backfill', 'maintenance']);
});

afterAll(async () => {
  await h?.stop();
});

type Json = Record<string, unknown>;

async function stored(identifier: string): Promise<Map<string, Json>> {
  const rows = (await h.destination.knex('stripe_balance_transactions').where({ account_id: identifier }).select('id', 'data')) as {
    id: string;
    data: Json;
  }[];
  return new Map(rows.map((r) => [r.id, r.data]));
}

const status = async (accountId: string) =>
  ((await h.knex(TABLES.accountStates).where({ account_id: accountId }).first('status')) as { status: string } | undefined)?.status;

it('brings in status changes made without events, and new balance transactions, by re-reading the recent window once per interval', async () => {
  const account = await h.addAccount({ charges: 0, balance_transactions: 2_000 });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await status(account.id)) === 'live', { description: 'the backfill to end', timeoutMs: 60_000 });
  const pending = [...(await stored(account.identifier)).values()].filter((t) => t.status === 'pending').map((t) => String(t.id));
  expect(pending.length).toBeGreaterThan(3);

  // The first poll re-reads (the table was never polled); the next one within the interval does not.
  expect(await pollAccount(h.deps, account.id, silentLogger())).toMatchObject({ kind: 'polled', caughtUp: true });
  expect(await pollAccount(h.deps, account.id, silentLogger())).toMatchObject({ kind: 'polled', written: 0 });

  // Three days later the funds are available, and a new transaction exists: no event says so.
  await h.emulator.admin('POST', `/accounts/${account.externalId}/clock`, { advance_seconds: 3 * 86_400 });
  const created = await h.emulator.admin<{ id: string }>('POST', `/accounts/${account.externalId}/balance_transactions`, {
    description: 'after the backfill',
  });
  const provider = await completeProviderObjects(h.emulator.baseUrl, account.key, 'balance_transactions');
  expect(pending.every((id) => provider.get(id)?.status === 'available')).toBe(true);
  expect(await pollAccount(h.deps, account.id, silentLogger())).toMatchObject({ kind: 'polled', events: 0, written: 0 });
  expect((await stored(account.identifier)).get(pending[0] as string)?.status).toBe('pending');

  // The next interval's first poll re-reads the window: the destination equals the provider.
  await h
    .knex(TABLES.eventCursors)
    .where({ account_id: account.id })
    .update({ polled_at: new Date(Date.now() - 11 * 60_000) });
  const outcome = await pollAccount(h.deps, account.id, silentLogger());
  expect(outcome).toMatchObject({ kind: 'polled', events: 0, caughtUp: true });
  const after = await stored(account.identifier);
  expect([...after.keys()].sort()).toEqual([...provider.keys()].sort());
  for (const [id, object] of provider) expect({ id, data: after.get(id) }).toEqual({ id, data: object });
  expect(after.get(created.id)).toMatchObject({ description: 'after the backfill' });
});
