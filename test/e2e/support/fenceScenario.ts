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

// LOADER_VERIFY_CONCURRENCY's default: the parts of a table one verification lists side by side.
const VERIFY_PARTS = 8;

const LIVE = new Set(['waiting', 'delayed', 'active', 'prioritized', 'waiting-children']);

// Only the listing of one resource is held, so the accounts' polls go on meanwhile (a delete
// during a held poll: services/loader/src/incremental/pollFence.integration.test.ts).
const hold = (world: FullStackWorld, account: RegisteredAccount, held: boolean, endpoint?: string) =>
  world.admin('POST', `/accounts/${account.externalId}/hold`, held ? { held, endpoint } : { held });
const stats = (world: FullStackWorld, account: RegisteredAccount) =>
  world.admin<{ requests: number; by_endpoint: Record<string, number> }>('GET', `/accounts/${account.externalId}/stats`);
const listed = async (world: FullStackWorld, account: RegisteredAccount, endpoint: string) =>
  (await stats(world, account)).by_endpoint[endpoint] ?? 0;

/** Holds the account's requests to `endpoint`, then makes `start` (the call that starts the job), and resolves once one of them waits. */
async function holdARequest(
  world: FullStackWorld,
  account: RegisteredAccount,
  endpoint: string,
  start?: () => Promise<{ status: number }>,
): Promise<void> {
  await hold(world, account, true, endpoint);
  const before = await listed(world, account, endpoint);
  if (start) expect((await start()).status).toBe(202);
  await waitFor(async () => (await listed(world, account, endpoint)) > before, {
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
  await holdARequest(world, deleted, '/v1/charges', () => world.api('POST', `/accounts/stripe/${deleted.identifier}/verify`));
  // Past the API's bound (3 s in syncFaults) the delete answers 202 and the purge goes on.
  expect([200, 202]).toContain((await world.api('DELETE', `/accounts/stripe/${deleted.identifier}`)).status);
  await hold(world, deleted, false);
  await waitFor(async () => (await world.knex(TABLES.accounts).where({ id: deleted.id }).first()) === undefined, {
    description: 'the purge to remove the account',
    timeoutMs: 90_000,
    intervalMs: 200,
  });
  const atPurge = await listed(world, deleted, '/v1/charges');
  await waitFor(async () => !(await verifyJobLive(world, deleted.id)), { description: 'the verification job to end', timeoutMs: 30_000 });
  expect(await world.destination.count('stripe_charges', deleted.identifier)).toBe(0);
  expect(await world.destination.count('stripe_customers', deleted.identifier)).toBe(0);
  // The verification lists nothing more once purged, but for a page each of its parts (8, listed
  // side by side) may have passed its check before the delete and still be waiting for budget;
  // those answers are never written. (A poll that read the account just before the purge may
  // likewise send its one request for events.)
  expect(await listed(world, deleted, '/v1/charges')).toBeLessThanOrEqual(atPurge + VERIFY_PARTS);

  // Pause during a resync: nothing written after the pause answered.
  const paused = await world.register({ charges: 2_000 });
  await world.waitForStatus(paused.id, 'live', 60_000);
  await holdARequest(world, paused, '/v1/charges', () => world.api('POST', `/accounts/stripe/${paused.identifier}/resync`));
  expect((await world.api('PUT', `/accounts/stripe/${paused.identifier}`, { active: false })).status).toBe(200);
  const pausedAt = new Date();
  await hold(world, paused, false);
  await segmentsStopped(world, paused.id);
  expect(await world.destination.count('stripe_charges', paused.identifier, [pausedAt, new Date(Date.now() + 3_600_000)])).toBe(0);

  // Unmount during a backfill: nothing written into the collection's table after the unmount answered.
  // Pages of a fifth of a second: the backfill is still reading when its listing is held.
  const unmounted = await world.register({ charges: 50, customers: 3_000 }, { latency_ms: 200 });
  await holdARequest(world, unmounted, '/v1/customers');
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
