import { UnrecoverableError } from 'bullmq';
import { delayJob, type JobContext } from '@datasync/queue';
import { classifyFailure } from '../backfill/failures';
import type { LoaderDeps } from '../deps';
import { recordFailure } from '../state/accountStates.repository';

export interface FailureScope {
  /** The account the job loads for; its status shows the failure. */
  account?: { id: string; environmentId: string };
  destinationName?: string;
  /**
   * When the job gives up, complete it instead of failing it: its id must be free again for the
   * next enqueue (a registration with a fixed credential), and the reconciler retries the account.
   */
  completeWhenGivingUp?: boolean;
}

/**
 * What a job does with an error (docs/queues.md, Failures): a 429 or a spent budget delays this job only; a
 * transient error is retried with backoff (the account shows `error` from the second failure on,
 * so an outage is visible while it lasts); a permanent one, or the last attempt, gives up with
 * the account in `error` and a retry scheduled on the reconciler's slow bounded schedule.
 */
export async function handleJobFailure(deps: LoaderDeps, context: JobContext<unknown>, err: unknown, scope: FailureScope): Promise<void> {
  const { job, token, logger } = context;
  const failure = classifyFailure(err, scope.destinationName ? { destinationName: scope.destinationName } : {});
  if (failure.kind === 'rate_limited') {
    // Provider 429s are counted by the connector's observer as they happen.
    if (failure.origin === 'budget') deps.metrics.rateLimited.inc({ origin: 'budget' });
    logger.info('job delayed by the rate limit', { origin: failure.origin, retryAfterMs: failure.retryAfterMs });
    return delayJob(job, token, Date.now() + Math.max(100, failure.retryAfterMs));
  }
  const final = failure.kind === 'permanent' || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  const message = err instanceof Error ? err.message : String(err);
  logger[final ? 'error' : 'warn']('job failed', { code: failure.code, kind: failure.kind, final, error: message });
  if (scope.account && (final || job.attemptsMade >= 1)) {
    try {
      await recordFailure(deps.knex, scope.account, {
        code: failure.code,
        reason: failure.reason,
        gaveUp: final,
        retry: deps.settings.errorRetry,
      });
    } catch (recordErr) {
      logger.warn('could not record the account error', { error: (recordErr as Error).message });
    }
  }
  if (final && scope.completeWhenGivingUp) return;
  if (failure.kind === 'permanent') throw new UnrecoverableError(failure.reason);
  throw err;
}
