import { randomUUID } from 'node:crypto';
import { accountFence, shareFences, TABLES } from '@datasync/db';
import { silentLogger } from '@datasync/logger';
import { waitFor } from '@datasync/testing';
import type { LoaderDeps } from '../deps';
import { renewLease } from '../runs';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { purgeAccountData } from './purgeAccountData';

// The purge against segment leases: it waits out a lease that ran out until the write it may have
// begun has surely ended, it postpones rather than purge under a lease still live, and a lease
// cannot be renewed once the account is deleting. And against the write fence: a write in flight
// (a batch is several statements) ends before the purge's passes, whatever its length.

let h: LoaderHarness;

beforeAll(async () => {
  h = await startHarness();
  h.startWorkers();
});

afterAll(async () => {
  await h?.stop();
});

async function liveAccount(charges: number) {
  const account = await h.addAccount({ charges });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await h.knex(TABLES.accountStates).where({ account_id: account.id }).first('status'))?.status === 'live', {
    description: 'the account to be live',
    timeoutMs: 30_000,
  });
  const segment = (await h.knex(TABLES.segments).where({ account_id: account.id }).first()) as { run_id: string; n: number };
  return { ...account, segment: { runId: segment.run_id, n: segment.n, accountId: account.id } };
}

/** Gives the account's first segment a lease held by a job that never gave it back. */
async function holdLease(segment: { runId: string; n: number }, until: string): Promise<string> {
  const token = randomUUID();
  await h
    .knex(TABLES.segments)
    .where({ run_id: segment.runId, n: segment.n })
    .update({ status: 'queued', lease_token: token, leased_until: h.knex.raw(`now() + interval '${until}'`) });
  return token;
}

const markDeleting = (accountId: string) => h.knex(TABLES.accounts).where({ id: accountId }).update({ deleting_at: h.knex.fn.now() });
const rows = async (identifier: string) =>
  Number(((await h.destination.knex('stripe_charges').where({ account_id: identifier }).count({ n: '*' })) as [{ n: string }])[0].n);
const withTimes = (leaseMs: number, statementTimeoutMs: number): LoaderDeps => ({
  ...h.deps,
  settings: { ...h.deps.settings, leaseMs },
  destinations: { ...h.deps.destinations, statementTimeoutMs },
});

it('renews a lease its job holds, revives one that ran out, and refuses another token or a deleting account', async () => {
  const account = await liveAccount(20);
  const token = await holdLease(account.segment, '5 seconds');
  expect(await renewLease(h.knex, account.segment, randomUUID(), 10_000)).toBe(false);
  expect(await renewLease(h.knex, account.segment, token, 10_000)).toBe(true);
  await holdLease(account.segment, '-1 second');
  const lapsedToken = (await h.knex(TABLES.segments).where({ run_id: account.segment.runId, n: account.segment.n }).first('lease_token'))
    .lease_token as string;
  expect(await renewLease(h.knex, account.segment, lapsedToken, 10_000)).toBe(true);
  await markDeleting(account.id);
  expect(await renewLease(h.knex, account.segment, lapsedToken, 10_000)).toBe(false);
});

it('waits one statement timeout past a lease that ran out before it purges', async () => {
  const account = await liveAccount(30);
  await holdLease(account.segment, '-500 milliseconds');
  await markDeleting(account.id);
  const started = Date.now();
  const outcome = await purgeAccountData(withTimes(10_000, 3_000), account.id, silentLogger());
  expect(outcome).toEqual({ kind: 'purged', rows: 30, tables: 1 });
  // 3 s of grace from the lease's end, half a second before the purge began.
  expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  expect(await rows(account.identifier)).toBe(0);
});

it('postpones the purge, changing nothing, while a lease stays live past every bound', async () => {
  const account = await liveAccount(25);
  await holdLease(account.segment, '1 hour');
  await markDeleting(account.id);
  const outcome = await purgeAccountData(withTimes(300, 300), account.id, silentLogger());
  expect(outcome).toMatchObject({ kind: 'writers_busy' });
  expect(await rows(account.identifier)).toBe(25);
  expect(await h.knex(TABLES.accounts).where({ id: account.id }).first()).toBeDefined();
});

it('waits for a write in flight under the account fence, whatever its statements, before its passes', async () => {
  const account = await liveAccount(15);
  // A batch write begun before the delete: it holds the fence until its last statement commits.
  const write = await h.knex.transaction();
  await shareFences(write, [accountFence(account.id)]);
  await markDeleting(account.id);
  const purging = purgeAccountData(h.deps, account.id, silentLogger());
  await waitFor(
    async () =>
      Number(
        (
          (await h.knex.raw(
            `select count(*) as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`,
          )) as { rows: { n: string }[] }
        ).rows[0]?.n,
      ) > 0,
    { description: 'the purge to wait for the write' },
  );
  // The batch's later statement lands now, long after its first.
  await h.destination
    .knex('stripe_charges')
    .insert({ id: 'ch_late', account_id: account.identifier, data: {}, _source_ts: new Date(), _synced_at: new Date(), _deleted: false });
  await write.commit();
  expect(await purging).toEqual({ kind: 'purged', rows: 16, tables: 1 });
  expect(await rows(account.identifier)).toBe(0);
});
