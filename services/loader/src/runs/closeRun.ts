import { finishRun } from '@datasync/destinations';
import type { LoaderDeps } from '../deps';
import type { OpenDestination } from '../access/destinationAccess';
import { ensurePollScheduled } from '../incremental/pollSchedule';
import { verifyWhenLoaded } from '../verify/verifyWhenLoaded';
import { emitBackfillCompletedIfLast } from './backfillCompleted';
import { completeRunIfDone, isFinishedButOpen } from './runEnd.repository';
import { loadRunContext, type RunContext } from './runContext';

/**
 * Closes a run whose segments are all done: the destination first finishes the run (blob storage
 * writes the run's manifest, the reader's signal that the run is whole, docs/s3.md; databases do
 * nothing), then the run is marked completed and the account's poll scheduler is ensured. The
 * destination comes first so that a failure there leaves the run open, and the reconciler's next
 * pass (finishedButOpenRuns) tries again.
 * `opened`: the run's destination when the caller already holds a connection to it. `known`: the
 * run's context when the caller has just read it (the attach, in the same job): four statements
 * fewer per run, which a tiny account's attach pays for every table.
 * True when this call closed the run.
 */
export async function closeRunIfDone(
  deps: LoaderDeps,
  runId: string,
  options: { opened?: OpenDestination; known?: RunContext } = {},
): Promise<boolean> {
  if (!(await isFinishedButOpen(deps.knex, runId))) return false;
  const { opened, known } = options;
  const ctx = known?.run.id === runId ? known : await loadRunContext(deps, runId);
  if (ctx) {
    await withDestination(deps, ctx, opened, async (destination) => {
      await finishRun(destination.handle, {
        engine: ctx.destination.engine,
        schema: destination.schema,
        table: ctx.run.tableName,
        accountId: ctx.account.identifier,
        runId,
      });
    });
  }
  const closed = await deps.knex.transaction(async (trx) => {
    if (!(await completeRunIfDone(trx, runId))) return false;
    if (ctx) await emitBackfillCompletedIfLast(trx, ctx.account.id);
    return true;
  });
  if (!closed) return false;
  deps.logger.info('backfill run completed', { runId, accountId: ctx?.account.id, table: ctx?.run.tableName });
  if (ctx) await ensurePollScheduled(deps, ctx.account.id);
  if (ctx) await verifyWhenLoaded(deps, ctx.account.id);
  return true;
}

/** Runs `use` on the caller's connection, or on one of the process's pool. */
async function withDestination(
  deps: LoaderDeps,
  ctx: RunContext,
  opened: OpenDestination | undefined,
  use: (destination: OpenDestination) => Promise<void>,
): Promise<void> {
  if (opened) return use(opened);
  await deps.destinationPool.use({ environmentId: ctx.account.environmentId, destination: ctx.destination }, (pooled) =>
    use(pooled.destination),
  );
}
