import type { LoaderDeps } from '../deps';
import { accountRuns } from '../incremental/pollTargets.repository';
import { findAccount, listTargets } from '../targets/targets.repository';

/**
 * After a run completes: once every table of the account is loaded (none loading, and none of its
 * mounted collections still without a completed run), a full verification of all of them. The
 * attach starts its tables one after the other, so a small table can complete before the next
 * one's run exists: that one must not be left out of a check already running. Never fails the
 * caller (the run is complete either way): a lost request is made good by the rolling schedule.
 */
export async function verifyWhenLoaded(deps: LoaderDeps, accountId: string): Promise<void> {
  if (!deps.settings.verifyAfterLoad) return;
  try {
    const runs = await accountRuns(deps.knex, accountId);
    if (runs.loading) return;
    const account = await findAccount(deps.knex, accountId);
    if (!account) return;
    const loaded = new Set(runs.targets.map((t) => `${t.destinationId}/${t.tableName}`));
    if ((await listTargets(deps.knex, account)).some((t) => !loaded.has(`${t.destinationId}/${t.tableName}`))) return;
    await deps.queues.enqueueAgain('account.verify', { accountId, scope: 'full' });
  } catch (err) {
    deps.logger.warn('verification after the load not enqueued; the rolling schedule will run it', {
      accountId,
      error: err instanceof Error ? err.message : String(err),
    });
  }
}
