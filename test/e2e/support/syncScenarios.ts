import { TABLES } from '@datasync/db';
import { waitFor } from '@datasync/testing';
import type { FullStackWorld, RegisteredAccount } from './fullStackWorld';

// The sync scenarios (incremental sync, pause, resync, delete, outages) that every destination
// engine runs the same way.

const path = (account: RegisteredAccount, id = '', resource = 'charges') =>
  `/accounts/${account.externalId}/${resource}${id ? `/${id}` : ''}`;

/** Mounts the collection in the world's sync unless a scenario before did. */
async function mountOnce(world: FullStackWorld, resource: string): Promise<void> {
  if (!(await world.knex(TABLES.collections).where({ resource_type: resource }).whereNull('unmounted_at').first()))
    await world.mount(resource);
}

/** Resolves once a poll of the account started after `since` reached the end of its events. */
async function polledSince(world: FullStackWorld, account: RegisteredAccount, since: Date): Promise<void> {
  await waitFor(
    async () => {
      const cursors = (await world.knex(TABLES.eventCursors).where({ account_id: account.id }).select('polled_at')) as {
        polled_at: Date | null;
      }[];
      return cursors.length > 0 && cursors.every((c) => c.polled_at !== null && c.polled_at > since);
    },
    { description: 'a poll after the change', timeoutMs: 20_000, intervalMs: 100 },
  );
}

/**
 * Changes made at the provider during the backfill, several within one second, are all in the
 * destination after one poll. The deletions are of customers: Stripe deletes those
 * (customer.deleted) and cannot delete a charge.
 */
export async function changesDuringBackfill(world: FullStackWorld): Promise<void> {
  await mountOnce(world, 'customers');
  // Slow provider reads, so that the changes below land while the charges' backfill still runs.
  const account = await world.register({ charges: 3_000, customers: 40 }, { latency_ms: 150 });
  await waitFor(async () => Number((await world.status(account.id))?.rows_loaded ?? 0) > 0, {
    description: 'first rows',
    timeoutMs: 30_000,
  });
  await waitFor(async () => (await world.destination.count('stripe_customers', account.identifier)) === 40, {
    description: 'the customers',
    timeoutMs: 30_000,
  });

  // Objects the backfill has already written: only events can bring their changes.
  const listed = [...(await world.destination.rows('stripe_charges', account.identifier)).keys()].sort();
  expect(listed.length).toBeGreaterThanOrEqual(21);
  const customers = [...(await world.destination.rows('stripe_customers', account.identifier)).keys()].sort();
  const created = await world.admin<{ id: string }>('POST', path(account), { description: 'new during the backfill' });
  await world.admin('POST', path(account, listed[0]), { description: 'updated once' });
  for (const n of [1, 2, 3, 4]) await world.admin('POST', path(account, listed[1]), { description: `update ${n}` });
  const deleted = customers[2] as string;
  await world.admin('DELETE', path(account, deleted, 'customers'));
  const flicker = await world.admin<{ id: string }>('POST', path(account, '', 'customers'), { description: 'created and deleted' });
  await world.admin('DELETE', path(account, flicker.id, 'customers'));
  // All of it while the charges' run is still running (when the customers' run closes, a moment
  // after its 40 rows are written, is not what this scenario is about).
  expect(await world.knex(TABLES.runs).where({ account_id: account.id, status: 'running', table_name: 'stripe_charges' })).toHaveLength(1);
  await world.admin('POST', `/accounts/${account.externalId}/faults`, { latency_ms: null });

  await world.waitForStatus(account.id, 'live', 60_000);
  await polledSince(world, account, new Date());
  await world.expectMirrors(account);
  await world.expectMirrors(account, { resource: 'customers', deleted: [deleted, flicker.id] });
  const rows = await world.destination.rows('stripe_charges', account.identifier);
  expect(rows.get(created.id)?.data).toMatchObject({ description: 'new during the backfill' });
  expect(rows.get(listed[1] as string)?.data).toMatchObject({ description: 'update 4' });

  // And once live, a change reaches the destination within a poll or two.
  await world.admin('POST', path(account, listed[20]), { description: 'while live' });
  await waitFor(
    async () =>
      (await world.destination.rows('stripe_charges', account.identifier)).get(listed[20] as string)?.data.description === 'while live',
    {
      description: 'the live change',
      timeoutMs: 10_000,
      intervalMs: 100,
    },
  );
  expect((await world.status(account.id))?.status).toBe('live');
}

/** Pause mid-backfill: no row is written once it settled; resume: the backfill continues and ends exact. */
export async function pauseAndResume(world: FullStackWorld): Promise<void> {
  const account = await world.register({ charges: 6_000 });
  await world.admin('POST', `/accounts/${account.externalId}/faults`, { latency_ms: 15 });
  await waitFor(async () => Number((await world.status(account.id))?.rows_loaded ?? 0) >= 500, {
    description: 'some rows',
    timeoutMs: 30_000,
  });

  const paused = await world.api('PUT', `/accounts/stripe/${account.identifier}`, { active: false });
  expect(paused).toEqual({
    status: 200,
    body: { account: { external_id: account.externalId, identifier: account.identifier, active: false } },
  });
  // Settled: no segment holds a lease any more (each stopped at its next page boundary).
  await waitFor(
    async () =>
      Number((await world.knex(TABLES.segments).where({ account_id: account.id }).whereNotNull('lease_token').count({ n: '*' }))[0]?.n) ===
      0,
    { description: 'the running segments to stop', timeoutMs: 30_000, intervalMs: 100 },
  );
  const settled = new Date();
  const atPause = await world.destination.count('stripe_charges', account.identifier);
  expect(atPause).toBeLessThan(6_000);
  expect((await world.api('GET', `/accounts/stripe/${account.identifier}`)).body).toMatchObject({ account: { status: 'paused' } });
  // Long enough for the reconciler (every 2 s) to have run twice: it must not restart a paused account.
  const reconciled = Date.now();
  await waitFor(
    async () => Date.now() - reconciled > 4_500 && (await world.destination.count('stripe_charges', account.identifier)) === atPause,
    {
      description: 'two reconciler passes',
      timeoutMs: 10_000,
      intervalMs: 500,
    },
  );

  await world.admin('POST', `/accounts/${account.externalId}/faults`, { latency_ms: null });
  const resumedAt = new Date();
  expect((await world.api('PUT', `/accounts/stripe/${account.identifier}`, { active: true })).status).toBe(200);
  await world.waitForStatus(account.id, 'live', 60_000);
  expect(await world.destination.count('stripe_charges', account.identifier, [settled, resumedAt])).toBe(0);
  await world.expectMirrors(account);
  // Resumed, not started over: still one run of the charges table.
  expect(await world.knex(TABLES.runs).where({ account_id: account.id, table_name: 'stripe_charges' })).toHaveLength(1);
}

/** Resync: rows stay readable while it runs, then the table matches the provider again. */
export async function resyncSwapsIn(world: FullStackWorld): Promise<void> {
  const account = await world.register({ charges: 2_000 });
  await world.waitForStatus(account.id, 'live', 60_000);
  // Drift no event will ever repair: rows lost and rows altered behind the loader's back.
  const ids = [...(await world.destination.rows('stripe_charges', account.identifier)).keys()].sort();
  await world.destination.tamper('stripe_charges', account.identifier, { remove: ids.slice(0, 5), alter: ids.slice(5, 10) });
  await world.admin('POST', `/accounts/${account.externalId}/faults`, { latency_ms: 10 });
  const res = await world.api('POST', `/accounts/stripe/${account.identifier}/resync`);
  expect(res).toEqual({
    status: 202,
    body: { resync_requested: true, account: { external_id: account.externalId, identifier: account.identifier, active: true } },
  });
  let fewest = Infinity;
  await waitFor(
    async () => {
      fewest = Math.min(
        fewest,
        [...(await world.destination.rows('stripe_charges', account.identifier)).values()].filter((r) => !r.deleted).length,
      );
      const run = await world.knex(TABLES.runs).where({ account_id: account.id, kind: 'resync' }).first('status');
      return run?.status === 'completed';
    },
    { description: 'the resync to complete', timeoutMs: 60_000, intervalMs: 100 },
  );
  await world.admin('POST', `/accounts/${account.externalId}/faults`, { latency_ms: null });
  // Nothing disappeared while the resync ran (the 5 removed rows were already gone before it).
  expect(fewest).toBe(ids.length - 5);
  await world.waitForStatus(account.id, 'live', 30_000);
  await polledSince(world, account, new Date());
  await world.expectMirrors(account);
}

/** Delete: 200, every row of the account gone from every table, the other account untouched, then 404. */
export async function deleteLeavesOthers(world: FullStackWorld): Promise<void> {
  await mountOnce(world, 'customers');
  const doomed = await world.register({ charges: 1_500, customers: 200 });
  const kept = await world.register({ charges: 700, customers: 50 });
  await world.waitForStatus(doomed.id, 'live', 60_000);
  await world.waitForStatus(kept.id, 'live', 60_000);
  expect(await world.destination.count('stripe_customers', doomed.identifier)).toBe(200);

  const res = await world.api('DELETE', `/accounts/stripe/${doomed.identifier}`);
  expect(res).toEqual({
    status: 200,
    body: { deleted: true, account: { external_id: doomed.externalId, identifier: doomed.identifier, active: true } },
  });
  expect(await world.destination.count('stripe_charges', doomed.identifier)).toBe(0);
  expect(await world.destination.count('stripe_customers', doomed.identifier)).toBe(0);
  expect(await world.destination.count('stripe_charges', kept.identifier)).toBe(700);
  expect(await world.destination.count('stripe_customers', kept.identifier)).toBe(50);
  expect((await world.api('GET', `/accounts/stripe/${doomed.identifier}`)).status).toBe(404);
  expect((await world.api('DELETE', `/accounts/stripe/${doomed.identifier}`)).status).toBe(404);
  expect(await world.knex(TABLES.runs).where({ account_id: doomed.id })).toEqual([]);
}

/** The account's charges: distinct object ids, and all rows (a duplicate would make them differ). */
export async function distinctAndTotal(world: FullStackWorld, identifier: string): Promise<{ distinct: number; total: number }> {
  const rows = await world.destination.rows('stripe_charges', identifier);
  return { distinct: rows.size, total: await world.destination.count('stripe_charges', identifier) };
}

/**
 * Destination unreachable for 30 s mid-backfill: the account shows error meanwhile, then completes
 * exact; a delete meanwhile answers 202 (the purge cannot reach the destination), then 404.
 */
export async function destinationOutage(world: FullStackWorld): Promise<void> {
  const doomed = await world.register({ charges: 600 });
  await world.waitForStatus(doomed.id, 'live', 60_000);
  // Slow provider reads, so that the outage starts while the backfill is still running.
  const account = await world.register({ charges: 12_000 }, { latency_ms: 250 });
  await waitFor(async () => (await world.destination.count('stripe_charges', account.identifier)) >= 800, {
    description: 'some of the backfill',
    timeoutMs: 60_000,
    intervalMs: 100,
  });

  world.destination.proxy.down();
  const downAt = Date.now();
  expect(await world.destination.count('stripe_charges', account.identifier)).toBeLessThan(12_000);
  const deleting = await world.api('DELETE', `/accounts/stripe/${doomed.identifier}`);
  expect(deleting).toEqual({ status: 202, body: { deleted: false, status: 'deleting' } });
  expect((await world.api('GET', `/accounts/stripe/${doomed.identifier}`)).body).toMatchObject({ account: { status: 'deleting' } });

  const failed = await waitFor(
    async () => {
      const state = await world.status(account.id);
      return state?.status === 'error' ? state : undefined;
    },
    { description: 'the account to show error', timeoutMs: 30_000, intervalMs: 200 },
  );
  expect(failed.reason).toMatch(/^Could not write into the destination dest_[0-9a-f]+: /);
  // The outage lasts 30 s whatever the loaders do meanwhile; then the destination is back.
  await waitFor(async () => Date.now() - downAt >= 30_000 && (await world.status(account.id))?.status === 'error', {
    description: 'the end of the 30 s outage, the account still in error',
    timeoutMs: 35_000,
    intervalMs: 500,
  });
  world.destination.proxy.up();
  await world.admin('POST', `/accounts/${account.externalId}/faults`, { latency_ms: null });

  await world.waitForStatus(account.id, 'live', 150_000);
  expect(await distinctAndTotal(world, account.identifier)).toEqual({ distinct: 12_000, total: 12_000 });
  await world.expectMirrors(account);
  await waitFor(async () => (await world.api('GET', `/accounts/stripe/${doomed.identifier}`)).status === 404, {
    description: 'the delete to finish once the destination is back',
    timeoutMs: 60_000,
    intervalMs: 250,
  });
  expect(await world.destination.count('stripe_charges', doomed.identifier)).toBe(0);
}
