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
  /** `abnormal`: the account's status shows only an abnormal failure (a verification's others leave it as loaded). */
  accountErrors?: 'all' | 'abnormal';
}

/**
 * What a job does with an error (docs/queues.md, Failures): a 429 or a spent budget delays this job only; a
 * transient error is retried with backoff (the account shows `error` from the second failure on,
 * so an outage is visible while it lasts); a permanent one, or the last attempt, gives up with
 * the account in `error` and a retry scheduled on the reconciler's slow bounded schedule. An
 * abnormal failure (content over a read bound, memory exhausted: docs/reliability.md, Poisoned
 * jobs) gives up at once and poisons the account: `error` with no retry scheduled, counted in
 * datasync_loader_jobs_poisoned_total, so no loader of the fleet takes the same content again.
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
  const poisoned = failure.kind === 'permanent' && failure.abnormal === true;
  const message = err instanceof Error ? err.message : String(err);
  logger[final ? 'error' : 'warn']('job failed', { code: failure.code, kind: failure.kind, final, poisoned, error: message });
  if (poisoned) deps.metrics.jobsPoisoned.inc({ job: job.name, code: failure.code });
  const shown = scope.accountErrors === 'abnormal' ? poisoned : final || job.attemptsMade >= 1;
  if (scope.account && shown) {
    try {
      await recordFailure(deps.knex, scope.account, {
        code: failure.code,
        reason: failure.reason,
        gaveUp: final,
        poisoned,
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
