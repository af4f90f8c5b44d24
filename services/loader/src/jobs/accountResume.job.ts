import type { JobCatalog, JobHandler, PayloadOf } from '@datasync/queue';
import type { LoaderDeps } from '../deps';
import { schedulePoll } from '../incremental/pollSchedule';
import { findAccount } from '../targets/targets.repository';

/**
 * `account.resume` (`active: true`): the poll scheduler comes back, and an attach resumes every
 * run from its segments' saved cursors (and starts tables mounted while paused). Decides from the
 * account row: a resume overtaken by a pause does nothing.
 */
export function accountResumeJob(deps: LoaderDeps): JobHandler<PayloadOf<JobCatalog, 'account.resume'>> {
  return async ({ accountId }, { logger }) => {
    const account = await findAccount(deps.knex, accountId);
    if (!account || !account.active || account.deleting) {
      logger.info('account not active; resume skipped', { accountId });
      return;
    }
    await schedulePoll(deps, accountId);
    await deps.queues.enqueueAgain('account.attach', { accountId });
    logger.info('account resumed', { accountId });
  };
}
