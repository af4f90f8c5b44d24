import { TABLES } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { startHarness, type LoaderHarness } from '../testing/harness';

// Deleting a sync deletes its collections and runs (cascades) but leaves its tables and rows in the
// destination. An account deleted afterwards must still be purged from them.

let h: LoaderHarness;

beforeAll(async () => {
  h = await startHarness();
  h.startWorkers(['lifecycle', 'backfill', 'maintenance']);
});

afterAll(async () => {
  await h?.stop();
});

const rowsOf = async (identifier: string) =>
  Number(((await h.destination.knex('stripe_charges').where({ account_id: identifier }).count({ n: '*' })) as [{ n: string }])[0].n);

it("purges an account's rows from the tables of a sync deleted before the account", async () => {
  const account = await h.addAccount({ charges: 20 });
  const other = await h.addAccount({ charges: 5 });
  for (const { id } of [account, other]) await h.deps.producer.enqueue('account.attach', { accountId: id });
  for (const { id } of [account, other]) {
    await waitFor(async () => (await h.knex(TABLES.accountStates).where({ account_id: id }).first('status'))?.status === 'live', {
      description: 'the accounts to be live',
      timeoutMs: 30_000,
    });
  }
  expect(await rowsOf(account.identifier)).toBe(20);

  expect(await h.knex(TABLES.accountTables).where({ account_id: account.id }).select('table_name', 'sync_id')).toEqual([
    { table_name: 'stripe_charges', sync_id: h.target.syncId },
  ]);

  // As config-service deletes a sync: the row goes, its collections and runs with it.
  await h.knex(TABLES.syncs).where({ id: h.target.syncId }).delete();
  expect(await h.knex(TABLES.runs).where({ account_id: account.id })).toEqual([]);

  // As the Accounts API deletes an account: marked deleting, then the loader's purge job.
  await h.knex(TABLES.accounts).where({ id: account.id }).update({ deleting_at: h.knex.fn.now() });
  await h.deps.producer.enqueue('account.purge', { accountId: account.id });
  await waitFor(async () => (await h.knex(TABLES.accounts).where({ id: account.id }).first('id')) === undefined, {
    description: 'the account to be purged and removed',
    timeoutMs: 30_000,
  });

  expect(await rowsOf(account.identifier)).toBe(0);
  expect(await rowsOf(other.identifier)).toBe(5);
  // The record goes with the account; the other account's stays.
  expect(await h.knex(TABLES.accountTables).where({ account_id: account.id })).toEqual([]);
  expect(await h.knex(TABLES.accountTables).where({ account_id: other.id })).toHaveLength(1);
});
