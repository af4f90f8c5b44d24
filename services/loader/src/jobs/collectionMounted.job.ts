import type { JobCatalog, JobHandler, PayloadOf } from '@datasync/queue';
import type { LoaderDeps } from '../deps';
import { accountsForCollection } from '../targets/targets.repository';

/**
 * `collection.mounted`: every account already registered under the sync's source gets an attach,
 * which starts the new table's backfill (and changes nothing for the tables already loaded). An
 * attach running right now absorbs the enqueue and may have missed the new collection; the
 * reconciler starts that one (a mounted collection without a run).
 */
export function collectionMountedJob(deps: LoaderDeps): JobHandler<PayloadOf<JobCatalog, 'collection.mounted'>> {
  return async ({ collectionId }, { logger }) => {
    const accountIds = await accountsForCollection(deps.knex, collectionId);
    // If Redis goes away mid-way the job is retried; the attaches already enqueued absorb the repeat.
    for (const accountId of accountIds) await deps.queues.enqueueAgain('account.attach', { accountId });
    logger.info('collection mounted; accounts attached', { collectionId, accounts: accountIds.length });
  };
}
