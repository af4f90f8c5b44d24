import { Writable } from 'node:stream';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import winston from 'winston';
import { TABLES } from '@datasync/db';
import { createLogger, MAX_TEXT_CHARS } from '@datasync/logger';
import { waitFor } from '@datasync/testing';
import { startHarness, type LoaderHarness } from '../testing/harness';

// A tenant's own destination can answer a write with an error as long as it likes: here a trigger
// raises 300 KB of `a://:` (each one a place where a URL's password could start) between a
// connection string and a key. The loader stores and logs it masked and cut, without stalling
// the other accounts of its process while it does.

const CANARY = 'c4n4ry';
const RUNS = 60_000;

let h: LoaderHarness;
const lines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger({ service: 'loader-test', transports: [new winston.transports.Stream({ stream })] });
  h = await startHarness({ logger });
  h.startWorkers();
});

afterAll(async () => {
  await h?.stop();
});

async function state(accountId: string) {
  return (await h.knex(TABLES.accountStates).where({ account_id: accountId }).first()) as
    { status: string; reason: string | null; error_code: string | null } | undefined;
}

it('a destination error of 300 KB is stored and logged masked and cut, and does not block the process', async () => {
  // The table exists once a first account has loaded; the trigger then refuses every later row.
  const first = await h.addAccount({ charges: 5 });
  await h.deps.producer.enqueue('account.attach', { accountId: first.id });
  await waitFor(async () => (await state(first.id))?.status === 'live', { description: 'the first account to load', timeoutMs: 30_000 });
  await h.destination.knex.raw(`
    create function refuse_with_a_long_message() returns trigger language plpgsql as $fn$
    begin
      raise exception using message =
        'forwarding to postgres://loader:${CANARY}@db.example.com/app refused: ' || repeat('a://:', ${RUNS}) || ' key sk_test_${CANARY}';
    end $fn$;
    create trigger refuse_rows before insert or update on stripe_charges
      for each row execute function refuse_with_a_long_message();`);

  const stalls = monitorEventLoopDelay({ resolution: 20 });
  stalls.enable();
  const refused = await h.addAccount({ charges: 5 });
  await h.deps.producer.enqueue('account.attach', { accountId: refused.id });
  // A statement failure is transient: the account shows error from the second failed attempt on.
  const failed = await waitFor(async () => ((await state(refused.id))?.status === 'error' ? state(refused.id) : undefined), {
    description: 'the refused account to show error',
    timeoutMs: 30_000,
  });
  stalls.disable();

  expect(failed.error_code).toBe('statement_failed');
  const reason = failed.reason ?? '';
  expect(reason).toMatch(/^Could not write into the destination dest_[0-9a-f]+: The database refused a statement/);
  expect(reason).toContain('postgres://loader:[REDACTED]@db.example.com/app refused: a://:a://:');
  expect(reason).toMatch(/a:\/\/:a\S*… \[truncated \d+ chars\] …\S*a:\/\/:a/);
  expect(reason).toContain('key sk_test_[REDACTED]');
  expect(reason).not.toContain(CANARY);
  expect(reason.length).toBeLessThan(MAX_TEXT_CHARS + 100);

  // BullMQ keeps each failed attempt's message and stack for the ops dashboard.
  const jobs = await h.deps.producer.queue('backfill').getJobs(['delayed', 'failed', 'wait', 'active', 'completed']);
  const attempts = jobs.filter((job) => job.failedReason);
  expect(attempts.length).toBeGreaterThan(0);
  for (const job of attempts) {
    expect(job.failedReason).toContain('… [truncated');
    expect(job.failedReason.length).toBeLessThan(MAX_TEXT_CHARS + 100);
    for (const stack of job.stacktrace ?? []) expect(stack.length).toBeLessThan(2 * MAX_TEXT_CHARS + 100);
    expect(JSON.stringify([job.failedReason, job.stacktrace])).not.toContain(CANARY);
  }

  const logged = lines.filter((line) => line.includes('a://:a://:'));
  expect(logged.length).toBeGreaterThan(0);
  for (const line of logged) expect(line.length).toBeLessThan(4 * MAX_TEXT_CHARS);
  expect(lines.filter((line) => line.includes(CANARY))).toEqual([]);

  // Masking 300 KB used to hold the event loop for about a minute (every account of the process,
  // and /health, waited); it now takes milliseconds. 5 s is what a health check forgives.
  expect(stalls.max / 1e6).toBeLessThan(5_000);
});
