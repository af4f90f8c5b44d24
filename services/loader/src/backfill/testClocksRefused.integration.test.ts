import { TABLES } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { completeProviderObjects } from '../testing/completeProviderObjects';
import { insertAccount, mountCollection } from '../testing/fixtures';
import { startHarness, type LoaderHarness } from '../testing/harness';

// A restricted key without the test clock permission gets Stripe's 403 on the clock listing. The
// customers not on a clock are still readable: the backfill loads them and says what it skipped.

let h: LoaderHarness;

beforeAll(async () => {
  h = await startHarness();
  await mountCollection(h.knex, { environmentId: h.environmentId, syncId: h.target.syncId, resource: 'customers' });
  h.startWorkers(['lifecycle', 'backfill', 'maintenance']);
});

afterAll(async () => {
  await h?.stop();
});

interface StateRow {
  status: string;
  progress: Record<string, { resource_type: string; status: string; warnings?: { code: string; message: string }[] }>;
}

it('loads the customers a restricted key can list when it may not list test clocks, and shows a warning', async () => {
  const emulated = await h.emulator.createAccount({ objects: { customers: 30 }, restricted_key_without: ['test_clocks'] });
  const clock = await h.emulator.admin<{ id: string }>('POST', `/accounts/${emulated.id}/test_clocks`, { name: 'renewals' });
  const onClock = await h.emulator.admin<{ id: string }>('POST', `/accounts/${emulated.id}/customers`, { test_clock: clock.id });
  const account = await insertAccount(h.knex, h.deps.secretBox, {
    environmentId: h.environmentId,
    sourceId: h.target.sourceId,
    key: emulated.restricted_key,
    externalId: emulated.id,
  });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  const state = async () => (await h.knex(TABLES.accountStates).where({ account_id: account.id }).first('status', 'progress')) as StateRow;
  await waitFor(async () => ['live', 'error'].includes((await state())?.status ?? ''), {
    description: 'the backfill to end',
    timeoutMs: 60_000,
  });

  const { status, progress } = await state();
  expect(status).toBe('live');
  const customers = Object.values(progress).find((item) => item.resource_type === 'customers');
  expect(customers).toMatchObject({ status: 'completed' });
  expect(customers?.warnings).toEqual([{ code: 'test_clocks_unreadable', message: expect.stringContaining('test clock') as unknown }]);
  const listed = await completeProviderObjects(h.emulator.baseUrl, emulated.secret_key, 'customers');
  const rows = (await h.destination.knex('stripe_customers').where({ account_id: account.identifier }).select('id')) as { id: string }[];
  expect(rows.map((r) => r.id).sort()).toEqual([...listed.keys()].filter((id) => id !== onClock.id).sort());
  expect(rows).toHaveLength(30);
});
