import type { Knex } from '@datasync/db';

// Polls hold this lock while they write an account's changes; the purge takes it once, after the
// account is marked deleting, to wait out a poll already writing. A session-level lock would tie
// it to one pooled connection; a transaction-level one is released whatever happens to the job.
const lockKey = (accountId: string) => `account-writes:${accountId}`;

/**
 * Runs `fn` holding the account's write lock, or returns `{ locked: false }` at once when another
 * poll (or the purge) holds it: that one is doing the work. `fn` gets the transaction that holds
 * the lock, for its own queries: one pooled connection per poll, whatever it does.
 */
export async function withAccountWriteLock<T>(
  knex: Knex,
  accountId: string,
  fn: (trx: Knex.Transaction) => Promise<T>,
): Promise<{ locked: false } | { locked: true; value: T }> {
  return knex.transaction(async (trx) => {
    const { rows } = (await trx.raw('select pg_try_advisory_xact_lock(hashtextextended(?, 0)) as locked', [lockKey(accountId)])) as {
      rows: { locked: boolean }[];
    };
    if (!rows[0]?.locked) return { locked: false as const };
    return { locked: true as const, value: await fn(trx) };
  });
}

/** Waits until no poll is writing the account's rows (a poll starting later sees it deleting). */
export async function waitForAccountWrites(knex: Knex, accountId: string): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [lockKey(accountId)]);
  });
}
