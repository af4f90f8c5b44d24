import type { JobCatalog, JobHandler, PayloadOf } from '@datasync/queue';
import type { LoaderDeps } from '../deps';
import { unschedulePoll } from '../incremental/pollSchedule';
import { findAccount } from '../targets/targets.repository';

/**
 * `account.pause` (`active: false`; docs/incremental-sync.md, Pause and resume): the poll scheduler goes. Segment jobs stop by
 * themselves at their next page boundary, since they check `active` after every batch, and no
 * segment of an inactive account is dispatched. Loaded rows stay. Decides from the account row,
 * not from the payload: a pause overtaken by a resume does nothing.
 */
export function accountPauseJob(deps: LoaderDeps): JobHandler<PayloadOf<JobCatalog, 'account.pause'>> {
  return async ({ accountId }, { logger }) => {
    const account = await findAccount(deps.knex, accountId);
    if (account?.active && !account.deleting) {
      logger.info('account active again; pause skipped', { accountId });
      return;
    }
    const removed = await unschedulePoll(deps, accountId);
    logger.info('account paused', { accountId, schedulerRemoved: removed });
  };
}
