import { finishRun } from '@datasync/destinations';
import type { LoaderDeps } from '../deps';
import { openDestination } from '../access/destinationAccess';
import { ensurePollScheduled } from '../incremental/pollSchedule';
import { completeRunIfDone, isFinishedButOpen } from '../runs/runs.repository';
import { loadRunContext } from './runContext';

/**
 * Closes a run whose segments are all done: the destination first finishes the run (blob storage
 * writes the run's manifest, the reader's signal that the run is whole, DESIGN §8; databases do
 * nothing), then the run is marked completed and the account's poll scheduler is ensured. The
 * destination comes first so that a failure there leaves the run open, and the reconciler's next
 * pass (finishedButOpenRuns) tries again.
 * True when this call closed the run.
 */
export async function closeRunIfDone(deps: LoaderDeps, runId: string): Promise<boolean> {
  if (!(await isFinishedButOpen(deps.knex, runId))) return false;
  const ctx = await loadRunContext(deps, runId);
  if (ctx) {
    const destination = await openDestination(deps.destinations, deps.secretBox, ctx.account.environmentId, ctx.destination);
    try {
      await finishRun(destination.handle, {
        engine: ctx.destination.engine,
        schema: destination.schema,
        table: ctx.run.tableName,
        accountId: ctx.account.identifier,
        runId,
      });
    } finally {
      await destination.handle.close().catch(() => undefined);
    }
  }
  if (!(await completeRunIfDone(deps.knex, runId))) return false;
  deps.logger.info('backfill run completed', { runId, accountId: ctx?.account.id, table: ctx?.run.tableName });
  if (ctx) await ensurePollScheduled(deps, ctx.account.id);
  return true;
}
