import { TABLES } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { completeProviderObjects } from '../testing/completeProviderObjects';
import { mountCollection } from '../testing/fixtures';
import { startHarness, type LoaderHarness } from '../testing/harness';

// In test mode Stripe leaves customers and subscriptions of test clocks out of their lists unless
// the request names the clock; a test-mode backfill must load them all the same.

let h: LoaderHarness;

beforeAll(async () => {
  h = await startHarness();
  for (const resource of ['customers', 'subscriptions']) {
    await mountCollection(h.knex, { environmentId: h.environmentId, syncId: h.target.syncId, resource });
  }
  h.startWorkers(['lifecycle', 'backfill', 'maintenance']);
});

afterAll(async () => {
  await h?.stop();
});

type Json = Record<string, unknown>;

const status = async (accountId: string) =>
  ((await h.knex(TABLES.accountStates).where({ account_id: accountId }).first('status')) as { status: string } | undefined)?.status;

it('loads the customers and subscriptions of test clocks in a test-mode backfill', async () => {
  const account = await h.addAccount({ charges: 0, customers: 300, subscriptions: 150, prices: 10, products: 5 });
  const admin = <T>(path: string, body: unknown) => h.emulator.admin<T>('POST', `/accounts/${account.externalId}${path}`, body);
  const onClocks: string[] = [];
  for (const name of ['trial renewals', 'annual plans']) {
    const clock = await admin<{ id: string }>('/test_clocks', { name });
    for (let i = 0; i < 3; i++) {
      const customer = await admin<{ id: string }>('/customers', { test_clock: clock.id });
      onClocks.push(customer.id, (await admin<{ id: string }>('/subscriptions', { customer: customer.id, test_clock: clock.id })).id);
    }
  }
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await status(account.id)) === 'live', { description: 'the backfill to end', timeoutMs: 60_000 });

  for (const [resource, table] of [
    ['customers', 'stripe_customers'],
    ['subscriptions', 'stripe_subscriptions'],
  ] as const) {
    const provider = await completeProviderObjects(h.emulator.baseUrl, account.key, resource);
    const rows = (await h.destination.knex(table).where({ account_id: account.identifier }).select('id', 'data')) as {
      id: string;
      data: Json;
    }[];
    expect(rows.map((r) => r.id).sort()).toEqual([...provider.keys()].sort());
    for (const row of rows) expect({ id: row.id, data: row.data }).toEqual({ id: row.id, data: provider.get(row.id) });
  }
  const loaded = new Set(
    ((await h.destination.knex('stripe_customers').where({ account_id: account.identifier }).select('id')) as { id: string }[]).map(
      (r) => r.id,
    ),
  );
  for (const id of onClocks.filter((id) => id.startsWith('cus_'))) expect(loaded.has(id)).toBe(true);
});
