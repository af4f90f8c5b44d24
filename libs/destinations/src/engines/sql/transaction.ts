import type { SqlHandle } from '../types';

// Postgres deadlock and serialization failure; MySQL/MariaDB deadlock (errno 1213, which
// InnoDB's gap locks can cause between concurrent upserts even in key order).
const retryable = (err: unknown): boolean => {
  const { code, errno } = err as { code?: unknown; errno?: unknown };
  return code === '40P01' || code === '40001' || errno === 1213;
};

const ATTEMPTS = 3;

/**
 * Runs `work` again when it failed as a deadlock victim (or a serialization failure): its batch is
 * idempotent, and its rollback has let the other transaction go on, so the retry merely waits for
 * that one's commit. `work` is one transaction: inTransaction's, or a single statement's own.
 */
export async function retryingDeadlocks<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= ATTEMPTS || !retryable(err)) throw err;
    }
  }
}

/**
 * Runs `work` in one transaction (START TRANSACTION works on both engines) and rolls back on
 * any error; a deadlock victim is retried at once (retryingDeadlocks).
 */
export async function inTransaction<T>(handle: SqlHandle, work: () => Promise<T>): Promise<T> {
  return retryingDeadlocks(async () => {
    await handle.query('START TRANSACTION');
    try {
      const result = await work();
      await handle.query('COMMIT');
      return result;
    } catch (err) {
      // A dead connection cannot roll back; the server drops the transaction with it.
      await handle.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  });
}
