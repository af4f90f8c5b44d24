import { delayJob, type JobCatalog, type JobHandler, type PayloadOf } from '@datasync/queue';
import type { LoaderDeps } from '../deps';
import { findAccount } from '../targets/targets.repository';
import { verifyAccount } from '../verify/verifyAccount';
import { handleJobFailure } from './failurePolicy';

// How soon a verification put off for loads looks again: the loads of small accounts take seconds.
const LOADING_RECHECK_MS = 2_000;

/**
 * Loads go first: while this process runs segment jobs, a verification asked for less than
 * LOADER_VERIFY_DEFER_S ago waits (another loader with none may take it meanwhile). Its job
 * re-reads what was just loaded, from the provider and the destination, and on a busy loader that
 * CPU comes out of other accounts' first rows and loads. Past the bound it runs regardless, so a
 * loader that never stops loading still verifies.
 */
function loadsFirst(deps: LoaderDeps, requestedAt: number): boolean {
  return deps.running.count('segment.load') > 0 && Date.now() - requestedAt < deps.settings.verifyDeferMs;
}

/**
 * `account.verify`: compares the account's loaded tables with the provider and repairs the drift
 * (see verifyTable). A spent slice yields the worker slot and goes on from the saved window; a
 * rate-limited one is delayed like a backfill page. A failure does not put the account in error:
 * its data is as loaded, and the reconciler's pass gives the interrupted check a job again, which
 * goes on from its saved windows (enqueueDueVerifications). An abnormal one (content over a read
 * bound) poisons the account instead, which stops its checks (see handleJobFailure).
 */
export function accountVerifyJob(deps: LoaderDeps): JobHandler<PayloadOf<JobCatalog, 'account.verify'>> {
  return async ({ accountId, scope }, context) => {
    if (loadsFirst(deps, context.job.timestamp)) return delayJob(context.job, context.token, Date.now() + LOADING_RECHECK_MS);
    let outcome;
    try {
      outcome = await verifyAccount(deps, { accountId, scope, requestedAt: new Date(context.job.timestamp) }, context.logger);
    } catch (err) {
      // Only an abnormal failure shows on the account (and stops it): the reconciler would
      // otherwise give the check a job again at every pass, on one loader after another.
      const account = await findAccount(deps.knex, accountId);
      return handleJobFailure(deps, context, err, account ? { account, accountErrors: 'abnormal' } : {});
    }
    if (outcome === 'skipped')
      context.logger.info('verification skipped: the account is not loading or has no loaded table', { accountId });
    if (outcome === 'stopped') context.logger.info('verification stopped: the account was paused or is being deleted', { accountId });
    // A 'done' check sent its account.verified with its last table's commit (verifyAccount).
    if (outcome === 'yielded') return delayJob(context.job, context.token, Date.now());
  };
}
