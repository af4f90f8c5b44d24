import { TABLES, type TableVerificationRow } from '@datasync/db';
import { silentLogger } from '@datasync/logger';
import { waitFor } from '@datasync/testing';
import { startHarness, type LoaderHarness } from '../testing/harness';
import { dueVerifications } from './dueVerifications.repository';
import { enqueueDueVerifications } from './rollingSchedule';

// The rolling schedule: the recent window is checked every verifyRecentEveryMinutes, every object
// every verifyFullEveryMinutes; the reconciler's pass enqueues what is due.

let h: LoaderHarness;
const intervals = { fullMinutes: 600, recentMinutes: 30 };

beforeAll(async () => {
  h = await startHarness({
    settings: { verifyAfterLoad: true, verifyFullEveryMinutes: intervals.fullMinutes, verifyRecentEveryMinutes: intervals.recentMinutes },
  });
  h.startWorkers(['lifecycle', 'backfill', 'maintenance']);
});

afterAll(async () => {
  await h?.stop();
});

const row = async (accountId: string) =>
  (await h.knex(TABLES.tableVerifications).where({ account_id: accountId, table_name: 'stripe_charges' }).first()) as TableVerificationRow;

const backdate = (accountId: string, column: 'full_verified_at' | 'recent_verified_at', minutes: number) =>
  h
    .knex(TABLES.tableVerifications)
    .where({ account_id: accountId })
    .update({ [column]: h.knex.raw(`now() - make_interval(mins => ${minutes})`) });

async function runDue(accountId: string): Promise<TableVerificationRow> {
  const before = (await row(accountId)).verified_at?.getTime() ?? 0;
  expect(await enqueueDueVerifications(h.deps, silentLogger(), 100)).toBe(1);
  await waitFor(async () => ((await row(accountId)).verified_at?.getTime() ?? 0) > before, {
    description: 'the scheduled verification',
    timeoutMs: 60_000,
  });
  return row(accountId);
}

it('checks the recent window when its interval has passed and everything when the full interval has', async () => {
  const account = await h.addAccount({ charges: 400 });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await row(account.id))?.verified_at, { description: 'the verification after the load', timeoutMs: 60_000 });
  expect(await dueVerifications(h.knex, intervals, 10)).toEqual([]);

  // Drift in an old object and in a new one, both without an event.
  const [oldest] = (await h.destination
    .knex('stripe_charges')
    .where({ account_id: account.identifier })
    .orderBy('created')
    .limit(1)
    .pluck('id')) as string[];
  await h.emulator.admin('POST', `/accounts/${account.externalId}/charges/${oldest}?silent=true`, { description: 'old, changed' });
  await h.emulator.admin('POST', `/accounts/${account.externalId}/charges?silent=true`, { description: 'new' });

  await backdate(account.id, 'recent_verified_at', intervals.recentMinutes + 1);
  expect(await dueVerifications(h.knex, intervals, 10)).toEqual([{ accountId: account.id, scope: 'recent' }]);
  const recent = await runDue(account.id);
  const through = Number(recent.verified_through);
  expect(recent).toMatchObject({ verified_scope: 'recent', drift_found: 1, drift_repaired: 1 });
  expect(Number(recent.verified_from)).toBe(through - 7 * 86_400);
  const oldRow = await h.destination.knex('stripe_charges').where({ id: oldest }).first('data');
  expect(oldRow.data.description).not.toBe('old, changed');
  expect(await dueVerifications(h.knex, intervals, 10)).toEqual([]);

  await backdate(account.id, 'full_verified_at', intervals.fullMinutes + 1);
  expect(await dueVerifications(h.knex, intervals, 10)).toEqual([{ accountId: account.id, scope: 'full' }]);
  expect(await runDue(account.id)).toMatchObject({ verified_scope: 'full', verified_from: null, drift_found: 1, drift_repaired: 1 });
  expect((await h.destination.knex('stripe_charges').where({ id: oldest }).first('data')).data.description).toBe('old, changed');
  expect(await dueVerifications(h.knex, intervals, 10)).toEqual([]);
});

it('resumes a check whose job is gone from its saved windows', async () => {
  const account = await h.addAccount({ charges: 300 });
  await h.deps.producer.enqueue('account.attach', { accountId: account.id });
  await waitFor(async () => (await row(account.id))?.verified_at, { description: 'the verification after the load', timeoutMs: 60_000 });
  const through = Math.floor(Date.now() / 1000) + 1;
  const lost = (await h.destination.knex('stripe_charges').where({ account_id: account.identifier }).limit(3).pluck('id')) as string[];
  await h.destination.knex('stripe_charges').whereIn('id', lost).delete();

  // The check after the load has ended: no job is queued or running.
  await waitFor(async () => !(await h.deps.queues.isLive('account.verify', { accountId: account.id, scope: 'full' })), {
    description: 'the verification job to end',
    timeoutMs: 20_000,
  });

  // A check in progress whose job is gone (failed, or lost with Redis): the schedule's pass gives
  // it a job, which walks it to the end and counts the drift once.
  await h
    .knex(TABLES.tableVerifications)
    .where({ account_id: account.id })
    .update({
      current_scope: 'full',
      current_from: null,
      current_through: through,
      current_parts: JSON.stringify([{ gte: 0, lt: through }]),
      current_found: 0,
      current_repaired: 0,
      current_started_at: h.knex.fn.now(),
    });
  expect(await enqueueDueVerifications(h.deps, silentLogger(), 100)).toBe(1);
  await waitFor(async () => (await row(account.id)).current_parts === null, { description: 'the resumed check to end', timeoutMs: 60_000 });
  expect(await row(account.id)).toMatchObject({ verified_scope: 'full', drift_found: 3, drift_repaired: 3 });
  expect(await h.destination.knex('stripe_charges').whereIn('id', lost).count({ n: '*' })).toEqual([{ n: '3' }]);
});
