import { TABLES, type Knex } from '@datasync/db';
import type { Logger } from '@datasync/logger';
import type { LoaderDeps } from '../deps';

/**
 * Accounts marked deleting for longer than the grace whose purge has no job: the DELETE's enqueue
 * failed (Redis away), or the purge gave up after its retries (a destination down for long).
 */
async function deletingAccounts(knex: Knex, graceMs: number, limit: number): Promise<string[]> {
  return (await knex(TABLES.accounts)
    .whereNotNull('deleting_at')
    .where('deleting_at', '<', knex.raw('now() - make_interval(secs => ?)', [graceMs / 1000]))
    .orderBy('deleting_at')
    .limit(limit)
    .pluck('id')) as string[];
}

/** The reconciler's check that every account being deleted gets purged, whatever was lost. */
export async function restorePurges(deps: LoaderDeps, logger: Logger, options: { graceMs: number; limit: number }): Promise<number> {
  let enqueued = 0;
  for (const accountId of await deletingAccounts(deps.knex, options.graceMs, options.limit)) {
    if (await deps.queues.isLive('account.purge', { accountId })) continue;
    await deps.queues.enqueueAgain('account.purge', { accountId });
    enqueued += 1;
  }
  if (enqueued > 0) logger.info('purges restarted', { accounts: enqueued });
  return enqueued;
}
