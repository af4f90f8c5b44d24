import { waitForWritesStopped } from '@datasync/accounts';
import { collectionFence, DEFAULT_FENCE_WAIT_MS, TABLES } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import type { FullStackWorld, RegisteredAccount } from './fullStackWorld';

// Delete, pause and unmount while the loader writes: during a verification, a resync and a
// backfill. Each is held at a known point by the emulator's `hold` (the loader's requests of the
// account wait unanswered), then the call is made through the API, then the hold is lifted. The
// destination ends as docs/reliability.md promises: no row of the deleted account in any table,
// and nothing written for the paused account or into the unmounted collection's table after the
// call answered (libs/db writeFence.ts).

const LIVE = new Set(['waiting', 'delayed', 'active', 'prioritized', 'waiting-children']);

const hold = (world: FullStackWorld, account: RegisteredAccount, held: boolean) =>
  world.admin('POST', `/accounts/${account.externalId}/hold`, { held });
const served = async (world: FullStackWorld, account: RegisteredAccount) =>
  (await world.admin<{ requests: number }>('GET', `/accounts/${account.externalId}/stats`)).requests;

/** Holds the account's requests and resolves once one of them waits. */
async function holdARequest(world: FullStackWorld, account: RegisteredAccount): Promise<void> {
  await hold(world, account, true);
  const before = await served(world, account);
  await waitFor(async () => (await served(world, account)) > before, {
    description: 'a request of the account to wait at the provider',
    timeoutMs: 30_000,
    intervalMs: 100,
  });
}

async function verifyJobLive(world: FullStackWorld, accountId: string): Promise<boolean> {
  return LIVE.has(await world.producer.queue('backfill').getJobState(`verify-${accountId}`));
}

/** No segment of the account holds a lease: every segment job stopped. */
async function segmentsStopped(world: FullStackWorld, accountId: string): Promise<void> {
  await waitFor(
    async () =>
      Number((await world.knex(TABLES.segments).where({ account_id: accountId }).whereNotNull('lease_token').count({ n: '*' }))[0]?.n) ===
      0,
    { description: 'the segment jobs to stop', timeoutMs: 60_000, intervalMs: 200 },
  );
}

/** After the world's own account and sync: delete during a verification, pause during a resync, unmount during a backfill. */
export async function lifecycleDuringWrites(world: FullStackWorld): Promise<void> {
  if (!(await world.knex(TABLES.collections).where({ resource_type: 'customers' }).whereNull('unmounted_at').first()))
    await world.mount('customers');

  // Delete during a verification: zero rows of the account once purged, and no request after.
  const deleted = await world.register({ charges: 600, customers: 30 });
  await world.waitForStatus(deleted.id, 'live', 60_000);
  expect((await world.api('POST', `/accounts/stripe/${deleted.identifier}/verify`)).status).toBe(202);
  await waitFor(
    async () =>
      (await world.knex(TABLES.tableVerifications).where({ account_id: deleted.id }).whereNotNull('current_parts').first()) !== undefined,
    {
      description: 'the verification to start',
      timeoutMs: 30_000,
      intervalMs: 100,
    },
  );
  await holdARequest(world, deleted);
  // The purge also waits for a poll held at the provider: past the API's bound the delete answers 202.
  expect([200, 202]).toContain((await world.api('DELETE', `/accounts/stripe/${deleted.identifier}`)).status);
  await hold(world, deleted, false);
  await waitFor(async () => (await world.knex(TABLES.accounts).where({ id: deleted.id }).first()) === undefined, {
    description: 'the purge to remove the account',
    timeoutMs: 90_000,
    intervalMs: 200,
  });
  const atPurge = await served(world, deleted);
  await waitFor(async () => !(await verifyJobLive(world, deleted.id)), { description: 'the verification job to end', timeoutMs: 30_000 });
  expect(await world.destination.count('stripe_charges', deleted.identifier)).toBe(0);
  expect(await world.destination.count('stripe_customers', deleted.identifier)).toBe(0);
  expect(await served(world, deleted)).toBe(atPurge);

  // Pause during a resync: nothing written after the pause answered.
  const paused = await world.register({ charges: 2_000 });
  await world.waitForStatus(paused.id, 'live', 60_000);
  expect((await world.api('POST', `/accounts/stripe/${paused.identifier}/resync`)).status).toBe(202);
  await waitFor(async () => (await world.knex(TABLES.runs).where({ account_id: paused.id, kind: 'resync' }).first()) !== undefined, {
    description: 'the resync run',
    timeoutMs: 30_000,
    intervalMs: 100,
  });
  await holdARequest(world, paused);
  expect((await world.api('PUT', `/accounts/stripe/${paused.identifier}`, { active: false })).status).toBe(200);
  const pausedAt = new Date();
  await hold(world, paused, false);
  await segmentsStopped(world, paused.id);
  expect(await world.destination.count('stripe_charges', paused.identifier, [pausedAt, new Date(Date.now() + 3_600_000)])).toBe(0);

  // Unmount during a backfill: nothing written into the collection's table after the unmount answered.
  const unmounted = await world.register({ charges: 50, customers: 3_000 });
  await waitFor(async () => (await world.destination.count('stripe_customers', unmounted.identifier)) > 0, {
    description: 'the customers backfill to start',
    timeoutMs: 60_000,
    intervalMs: 100,
  });
  await holdARequest(world, unmounted);
  // What config-service's DELETE /syncs/{name}/collections/customers does: the mark, then the writes waited out.
  const collection = (await world.knex(TABLES.collections).where({ resource_type: 'customers' }).whereNull('unmounted_at').first('id')) as {
    id: string;
  };
  await world.knex(TABLES.collections).where({ id: collection.id }).update({ unmounted_at: world.knex.fn.now() });
  await waitForWritesStopped(world.knex, collectionFence(collection.id), DEFAULT_FENCE_WAIT_MS, 'unmounted');
  const unmountedAt = new Date();
  const atUnmount = await world.destination.count('stripe_customers', unmounted.identifier);
  expect(atUnmount).toBeLessThan(3_000);
  await hold(world, unmounted, false);
  await segmentsStopped(world, unmounted.id);
  expect(await world.destination.count('stripe_customers', unmounted.identifier)).toBe(atUnmount);
  expect(await world.destination.count('stripe_customers', unmounted.identifier, [unmountedAt, new Date(Date.now() + 3_600_000)])).toBe(0);
}
