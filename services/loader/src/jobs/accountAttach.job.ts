import type { JobCatalog, JobHandler, PayloadOf } from '@datasync/queue';
import { attachAccount, DestinationAttachError } from '../backfill/attachAccount';
import type { LoaderDeps } from '../deps';
import { findAccount } from '../targets/targets.repository';
import { handleJobFailure } from './failurePolicy';

/** `account.attach`: start (or resume) the account's backfill into every table of its syncs. */
export function accountAttachJob(deps: LoaderDeps): JobHandler<PayloadOf<JobCatalog, 'account.attach'>> {
  return async ({ accountId }, context) => {
    try {
      const result = await attachAccount(deps, accountId, context.logger);
      context.logger.info('account attached', { accountId, ...result });
    } catch (err) {
      const account = await findAccount(deps.knex, accountId);
      const scoped = err instanceof DestinationAttachError;
      await handleJobFailure(deps, context, scoped ? err.failure : err, {
        ...(account ? { account } : {}),
        ...(scoped ? { destinationName: err.destinationName } : {}),
        completeWhenGivingUp: true,
      });
    }
  };
}
