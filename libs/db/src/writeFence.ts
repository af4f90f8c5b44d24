import type { Knex } from 'knex';

/**
 * The write fence: every write into a destination for an account (a segment's batch, a poll's
 * page, a verification's repair, a resync's sweep, a re-read window) is made holding the fence of
 * its account and of its collection *shared*, in a control-plane transaction that first reads
 * again whether the account is active and not deleting and the collection mounted. A pause, an
 * unmount and a delete commit their change first, then take the fence of what they changed
 * *exclusively*: that waits for every write in flight, and every write after it reads the change
 * and does not happen. So once such a call has answered, nothing lands for what it stopped.
 *
 * Transaction-level advisory locks: released whatever happens to the holder (a crashed job's
 * connection closes). Their keys are distinct from the poll's one-at-a-time lock
 * (services/loader incremental/accountWriteLock.ts): a verification never blocks a poll.
 */
export type FenceKey = `account-fence:${string}` | `collection-fence:${string}`;

export const accountFence = (accountId: string): FenceKey => `account-fence:${accountId}`;
export const collectionFence = (collectionId: string): FenceKey => `collection-fence:${collectionId}`;

/** How long a pause, unmount or delete waits for the writes in flight, by default. */
export const DEFAULT_FENCE_WAIT_MS = 30_000;

// SQLSTATE lock_not_available (lock_timeout) and query_canceled (statement_timeout).
const WAIT_ENDED = new Set(['55P03', '57014']);

/**
 * Takes the fences shared in `trx`, waiting while a pause, unmount or delete holds one of them.
 * Held until `trx` ends (or a savepoint taken before is rolled back to). The caller holds nothing
 * the exclusive side needs: that side's transaction takes the one lock and commits.
 */
export async function shareFences(trx: Knex.Transaction, keys: readonly FenceKey[]): Promise<void> {
  for (const key of [...keys].sort()) await trx.raw('select pg_advisory_xact_lock_shared(hashtextextended(?, 0))', [key]);
}

/**
 * Waits until no write holds the fence, for up to `timeoutMs`. Call it after the change that
 * stops the writers has committed: every write that had not yet taken the fence then reads the
 * change and does not happen. False past the bound (a write is still in flight).
 */
export async function waitOutFence(knex: Knex, key: FenceKey, timeoutMs: number): Promise<boolean> {
  try {
    await knex.transaction(async (trx) => {
      await trx.raw(`select set_config('lock_timeout', ?, true), set_config('statement_timeout', ?, true)`, [
        `${Math.max(1, Math.round(timeoutMs))}ms`,
        `${Math.round(timeoutMs) + 5_000}ms`,
      ]);
      await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [key]);
    });
    return true;
  } catch (err) {
    if (WAIT_ENDED.has((err as { code?: string }).code ?? '')) return false;
    throw err;
  }
}
