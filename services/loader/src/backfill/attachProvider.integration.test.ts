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

it('asks nothing to verify a newly registered account whose registration kept its created', async () => {
  const kept = await h.addAccount({ charges: 250 });
  const asked = await h.addAccount({ charges: 250 });
  const response = await fetch(`${h.emulator.baseUrl}/v1/account`, { headers: { authorization: `Bearer ${kept.key}` } });
  const { created } = (await response.json()) as { created: number };
  await h.knex(TABLES.accounts).where({ id: kept.id }).update({ provider_created: created });
  const before = { kept: await h.emulator.requestsServed(kept.externalId), asked: await h.emulator.requestsServed(asked.externalId) };

  await attachAccount(h.deps, kept.id, h.deps.logger);
  await attachAccount(h.deps, asked.id, h.deps.logger);
  for (const account of [kept, asked]) {
    await waitFor(async () => (await status(account.id)) === 'live', { description: 'the backfill to end', timeoutMs: 30_000 });
  }
  const spent = {
    kept: (await h.emulator.requestsServed(kept.externalId)) - before.kept,
    asked: (await h.emulator.requestsServed(asked.externalId)) - before.asked,
  };
  // The same pages and the same plan; the account without a kept `created` also asked GET /v1/account.
  expect(spent.kept).toBe(spent.asked - 1);
});
