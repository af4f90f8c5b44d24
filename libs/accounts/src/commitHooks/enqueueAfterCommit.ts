import type { Logger } from '@datasync/logger';
import { QueueUnavailableError, type JobCatalog, type JobName, type PayloadOf, type Producer } from '@datasync/queue';

/**
 * The hooks' one error policy: an enqueue that fails after its change committed is logged, and
 * the call that made the change succeeds. Every job enqueued here is also derived from committed
 * rows by the loader's reconciler (an account without loader state is attached; schedulers are
 * compared with the accounts' `active`; accounts left deleting are purged; a `resync_requested_at`
 * not taken is resynced; a mounted collection without a run per account is loaded), so a lost job
 * is repaired within the reconciler's bound, whatever made the enqueue fail. Failing the call
 * instead would report a committed change as not made. What is not an enqueue still surfaces: the
 * delete's wait for its purge reads the database, and the delete's answer depends on it.
 * Redis being away is the expected failure; anything else is logged as an error, to be looked at.
 */
export async function enqueueAfterCommit<N extends JobName<JobCatalog>>(
  producer: Producer<JobCatalog>,
  logger: Logger,
  name: N,
  payload: PayloadOf<JobCatalog, N>,
): Promise<void> {
  try {
    await producer.enqueue(name, payload);
  } catch (err) {
    const level = err instanceof QueueUnavailableError ? 'warn' : 'error';
    logger.log(level, 'job not enqueued after its change committed; the loader reconciler will start it', {
      job: name,
      ...payload,
      error: err instanceof Error ? err.message : String(err),
    });
  }
}
