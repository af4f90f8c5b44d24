import { TABLES } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { attachAccount } from './attachAccount';

// Registration verified the credential and stored the provider account id: an attach asks the
// provider again only for a new run (its first page, and the account's `created` for its plan).

let h: LoaderHarness;

beforeAll(async () => {
  h = await startHarness();
  // No incremental or maintenance workers: nothing but the attach and the segments asks the provider.
  h.startWorkers(['lifecycle', 'backfill']);
});

afterAll(async () => {
  await h?.stop();
});

const status = async (accountId: string) =>
  ((await h.knex(TABLES.accountStates).where({ account_id: accountId }).first('status')) as { status: string } | undefined)?.status;

it('asks the provider nothing when it attaches an account whose runs are loaded', async () => {
  const account = await h.addAccount({ charges: 250 });
  const first = await attachAccount(h.deps, account.id, h.deps.logger);
  expect(first.kind).toBe('attached');
  await waitFor(async () => (await status(account.id)) === 'live', { description: 'the backfill to end', timeoutMs: 30_000 });

  const before = await h.emulator.requestsServed(account.externalId);
  expect(await attachAccount(h.deps, account.id, h.deps.logger)).toEqual(first);
  expect(await h.emulator.requestsServed(account.externalId)).toBe(before);
  expect(await status(account.id)).toBe('live');
});
