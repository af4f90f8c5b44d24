import { TABLES } from '@datasync/db';
import { silentLogger } from '@datasync/logger';
import { waitFor } from '@datasync/testing';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { lifecycleCalls, type LifecycleCalls } from '../testing/lifecycleCalls';
import { pollAccount } from './pollAccount';

// A poll reads the account's state once, under its lock, then walks events for up to a slice.
// Its writes go under the account's write fence (access/writeFence.ts): a pause or a delete that
// answered while the poll waited for the provider is followed by no write of it, not even of an
// object created after the pause. The poll is held at its request by the emulator, never by a timer.

let h: LoaderHarness;
let calls: LifecycleCalls;

beforeAll(async () => {
  h = await startHarness();
  h.startWorkers(['lifecycle', 'backfill']);
  calls = await lifecycleCalls(h);
});

afterAll(async () => {
  await h?.stop();
});

const storedIds = async (identifier: string) =>
  (await h.destination.knex('stripe_charges').where({ account_id: identifier }).pluck('id')) as string[];

async function liveAccount() {
  const account = await h.addAccount({ charges: 50 });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await h.knex(TABLES.accountStates).where({ account_id: account.id }).first('status'))?.status === 'live', {
    description: 'the account to be live',
    timeoutMs: 30_000,
  });
  return account;
}

/**
 * Starts a poll of the account held at the provider once `after` of its requests went through:
 * past its check of the account under its lock, its transaction open, it waits for an answer.
 * Resolves to the poll's outcome in an object (a returned promise would be awaited).
 */
async function heldPoll(account: { id: string; externalId: string }, after: number) {
  const served = await h.emulator.requestsServed(account.externalId);
  await h.emulator.hold(account.externalId, true, after);
  const polling = pollAccount(h.deps, account.id, silentLogger());
  await waitFor(async () => (await h.emulator.requestsServed(account.externalId)) >= served + after + 1, {
    description: 'the poll to wait for the provider past its lock',
    timeoutMs: 20_000,
  });
  return { polling };
}

it('a pause during a poll: nothing is written after the pause answered', async () => {
  const account = await liveAccount();
  // The first poll places the cursors: the next one walks from them.
  expect(await pollAccount(h.deps, account.id, silentLogger())).toMatchObject({ kind: 'polled' });
  const charges = `/accounts/${account.externalId}/charges`;
  await h.emulator.admin('POST', charges, { description: 'created before the pause' });
  // The quiet poll's look at the events goes through (it sees one and leaves it to the full poll);
  // the full poll waits for its next answer.
  const { polling } = await heldPoll(account, 1);

  await calls.pause(account.identifier);
  const afterPause = await h.emulator.admin<{ id: string }>('POST', charges, { description: 'created after the pause' });
  const atPause = await storedIds(account.identifier);
  await h.emulator.hold(account.externalId, false);
  const outcome = await polling;

  expect(await storedIds(account.identifier)).not.toContain(afterPause.id);
  expect((await storedIds(account.identifier)).sort()).toEqual(atPause.sort());
  expect(outcome).toMatchObject({ kind: 'skipped', why: 'inactive' });
}, 120_000);

// The account's first poll places its event cursors: rows referencing the account, so its open
// transaction holds the account row's key-share lock while it waits for the provider. A delete
// that locked the row FOR UPDATE waited behind it until its statement timeout, and the API
// answered 500; it locks the row FOR NO KEY UPDATE (it changes no key), which that lock allows.
it('a delete during a poll: the account is marked deleting at once, the delete answers, and no row is left', async () => {
  const account = await liveAccount();
  // An event for the poll to apply once let go: its write is the one the fence refuses.
  await h.emulator.admin('POST', `/accounts/${account.externalId}/charges`, { description: 'created before the delete' });
  // No quiet poll before the first one: its first request is the one held.
  const { polling } = await heldPoll(account, 0);

  let answered = false;
  const deleting = calls.remove(account.identifier);
  deleting.then(
    () => (answered = true),
    () => (answered = true),
  );
  await waitFor(
    async () => answered || (await h.knex(TABLES.accounts).where({ id: account.id }).first('deleting_at'))?.deleting_at != null,
    // Well within the poll's patience with the held request (three attempts of 5 s).
    { description: 'the delete to mark the account deleting while the poll waits for the provider', timeoutMs: 10_000 },
  );
  await h.emulator.hold(account.externalId, false);

  expect(await deleting).toMatchObject({ deleted: true });
  expect(await polling).toMatchObject({ kind: 'skipped', why: 'inactive' });
  expect(await storedIds(account.identifier)).toEqual([]);
  expect(await h.knex(TABLES.accounts).where({ id: account.id }).first()).toBeUndefined();
}, 120_000);
