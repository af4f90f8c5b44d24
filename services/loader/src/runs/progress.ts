import type { Logger } from '@datasync/logger';
import type { OpenDestination } from '../access/destinationAccess';
import type { LoaderDeps } from '../deps';
import { settleStatus } from '../state/accountStates.repository';
import { findAccount } from '../targets/targets.repository';
import { closeRunIfDone } from './closeRun';
import { dispatchSegments, requeueOrphan } from './dispatch';
import { finishedButOpenRuns } from './runEnd.repository';
import type { RunContext } from './runContext';
import { accountsWithPendingSegments, possiblyOrphanedSegments } from './segmentQueries.repository';

// What moves runs and segments on after a segment ends, and the reconciler's passes over what a
// lost enqueue or a dead process left behind: each step here is idempotent.

/** A segment ended: close the run if it was the last, show the account's status, dispatch more. */
export async function segmentEnded(deps: LoaderDeps, ctx: Pick<RunContext, 'run' | 'account'>, opened?: OpenDestination): Promise<void> {
  await closeRunIfDone(deps, ctx.run.id, opened ? { opened } : {});
  await settleStatus(deps.knex, ctx.account);
  await dispatchSegments(deps, ctx.account.id);
}

/** Queued segments whose job is lost get a new one; returns how many did. */
export async function requeueOrphanedSegments(deps: LoaderDeps, options: { graceMs: number; limit: number }): Promise<number> {
  let requeued = 0;
  for (const candidate of await possiblyOrphanedSegments(deps.knex, options)) {
    if (await requeueOrphan(deps, candidate)) requeued += 1;
  }
  return requeued;
}

/** Accounts whose pending segments wait for a dispatch; returns how many got one enqueued. */
export async function dispatchWaitingSegments(deps: LoaderDeps, limit: number): Promise<number> {
  let dispatched = 0;
  for (const accountId of await accountsWithPendingSegments(deps.knex, limit)) {
    if ((await dispatchSegments(deps, accountId)) > 0) dispatched += 1;
  }
  return dispatched;
}

/** Runs left open though every segment is done (a crash between the last segment and the run's end); returns how many closed. */
export async function closeFinishedRuns(deps: LoaderDeps, logger: Logger, limit: number): Promise<number> {
  let closedRuns = 0;
  for (const run of await finishedButOpenRuns(deps.knex, limit)) {
    // One run whose manifest cannot be written yet (blob storage away) must not stop the pass.
    const closed = await closeRunIfDone(deps, run.id).catch((err: unknown) => {
      logger.warn('run not closed yet', { runId: run.id, error: err instanceof Error ? err.message : String(err) });
      return false;
    });
    if (!closed) continue;
    const account = await findAccount(deps.knex, run.accountId);
    if (account) await settleStatus(deps.knex, account);
    closedRuns += 1;
  }
  return closedRuns;
}
