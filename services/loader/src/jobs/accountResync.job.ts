import type { JobCatalog, JobHandler, PayloadOf } from '@datasync/queue';
import type { LoaderDeps } from '../deps';
import { startResync } from '../incremental/startResync';
import { recordResyncTaken } from '../state/accountStates.repository';
import { findAccount } from '../targets/targets.repository';

/**
 * `account.resync` (`POST /accounts/{type}/{id}/resync`): a full read of every table of the
 * account, swapped in only when complete (see startResync). A table whose backfill is still
 * running is left to it: it is a full read already.
 */
export function accountResyncJob(deps: LoaderDeps): JobHandler<PayloadOf<JobCatalog, 'account.resync'>> {
  return async ({ accountId }, { logger }) => {
    const account = await findAccount(deps.knex, accountId);
    if (!account || account.deleting) {
      logger.info('account gone or being deleted; resync skipped', { accountId });
      return;
    }
    const result = await startResync(deps, account);
    if (account.resyncRequestedAt) await recordResyncTaken(deps.knex, account, account.resyncRequestedAt);
    logger.info('account resync started', { accountId, ...result });
  };
}
