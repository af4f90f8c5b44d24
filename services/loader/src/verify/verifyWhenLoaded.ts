import type { LoaderDeps } from '../deps';
import { accountRuns } from '../incremental/pollTargets.repository';

/**
 * After a run completes: once none of the account's tables is loading any more, a full
 * verification of all of them. Never fails the caller (the run is complete either way): a lost
 * request is made good by the rolling schedule.
 */
export async function verifyWhenLoaded(deps: LoaderDeps, accountId: string): Promise<void> {
  if (!deps.settings.verifyAfterLoad) return;
  try {
    if ((await accountRuns(deps.knex, accountId)).loading) return;
    await deps.queues.enqueueAgain('account.verify', { accountId, scope: 'full' });
  } catch (err) {
    deps.logger.warn('verification after the load not enqueued; the rolling schedule will run it', {
      accountId,
      error: err instanceof Error ? err.message : String(err),
    });
  }
}
