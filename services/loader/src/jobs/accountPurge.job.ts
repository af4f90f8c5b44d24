import { delayJob, type JobCatalog, type JobHandler, type PayloadOf } from '@datasync/queue';
import type { LoaderDeps } from '../deps';
import { purgeAccountData, type PurgeOutcome } from '../purge/purgeAccountData';
import { findAccount } from '../targets/targets.repository';
import { handleJobFailure } from './failurePolicy';

/**
 * `account.purge`, enqueued by the DELETE once the account is marked deleting: its rows leave
 * every destination table, then the account goes. A destination that stays down fails the job
 * after its retries; the reconciler starts it again, since the account is still deleting.
 */
export function accountPurgeJob(deps: LoaderDeps): JobHandler<PayloadOf<JobCatalog, 'account.purge'>> {
  return async ({ accountId }, context) => {
    let outcome: PurgeOutcome;
    try {
      outcome = await purgeAccountData(deps, accountId, context.logger);
    } catch (err) {
      const account = await findAccount(deps.knex, accountId);
      return handleJobFailure(deps, context, err, account ? { account } : {});
    }
    // Not counted as an attempt: nothing failed, a writer has not let go yet.
    if (outcome.kind === 'writers_busy') return delayJob(context.job, context.token, outcome.retryAt);
    if (outcome.kind !== 'purged') context.logger.info('nothing to purge', { accountId, why: outcome.kind });
  };
}
