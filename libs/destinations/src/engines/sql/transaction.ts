import type { SqlHandle } from '../types';

// Postgres deadlock and serialization failure; MySQL/MariaDB deadlock (errno 1213, which
// InnoDB's gap locks can cause between concurrent upserts even in key order).
const retryable = (err: unknown): boolean => {
  const { code, errno } = err as { code?: unknown; errno?: unknown };
  return code === '40P01' || code === '40001' || errno === 1213;
};

const ATTEMPTS = 3;

/**
 * Runs `work` in one transaction (START TRANSACTION works on both engines) and rolls back on
 * any error. A deadlock victim is retried at once: its batch is idempotent, and its rollback has
 * let the other transaction go on, so the retry merely waits for that one's commit.
 */
export async function inTransaction<T>(handle: SqlHandle, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    await handle.query('START TRANSACTION');
    try {
      const result = await work();
      await handle.query('COMMIT');
      return result;
    } catch (err) {
      // A dead connection cannot roll back; the server drops the transaction with it.
      await handle.query('ROLLBACK').catch(() => undefined);
      if (attempt >= ATTEMPTS || !retryable(err)) throw err;
    }
  }
}
