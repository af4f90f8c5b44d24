import type { Logger } from '@datasync/logger';
import { dispatchSegments, requeueOrphan } from '../backfill/dispatch';
import type { LoaderDeps } from '../deps';
import { finishedButOpenRuns } from '../runs/runs.repository';
import { closeRunIfDone } from '../backfill/closeRun';
import { accountsWithPendingSegments, possiblyOrphanedSegments } from '../runs/segments.repository';
import { claimDueRetries, settleStatus } from '../state/accountStates.repository';
import { restorePollSchedulers } from '../incremental/restorePollSchedulers';
import { restorePurges } from '../purge/restorePurges';
import { findAccount } from '../targets/targets.repository';
import { accountsNeedingAttach, accountsWithUntakenResync } from './reconcile.repository';

const BATCH = 500;

/** Work younger than this is left to the normal path (its enqueue may simply be in flight). */
export const RECONCILE_GRACE_MS = 5_000;

export interface ReconcileReport {
  attached: number;
  retried: number;
  resyncs: number;
  requeuedSegments: number;
  dispatchedAccounts: number;
  closedRuns: number;
  schedulersAdded: number;
  schedulersRemoved: number;
  purgesRestarted: number;
}

/**
 * One pass of the reconciler: what guarantees the spec's two-minute bound and that no segment is
 * forgotten, whatever enqueue was lost or process died. Every step is idempotent and safe beside
 * another loader's pass.
 */
export async function reconcile(deps: LoaderDeps, logger: Logger, options: { graceMs: number }): Promise<ReconcileReport> {
  const report: ReconcileReport = {
    attached: 0,
    retried: 0,
    resyncs: 0,
    requeuedSegments: 0,
    dispatchedAccounts: 0,
    closedRuns: 0,
    schedulersAdded: 0,
    schedulersRemoved: 0,
    purgesRestarted: 0,
  };

  for (const accountId of await accountsNeedingAttach(deps.knex, { graceMs: options.graceMs, limit: BATCH })) {
    if (await deps.queues.isLive('account.attach', { accountId })) continue;
    await deps.queues.enqueueAgain('account.attach', { accountId });
    report.attached += 1;
  }

  // Accounts in error, on their slow bounded schedule; the attach clears the error if the cause is gone.
  for (const accountId of await claimDueRetries(deps.knex, BATCH, deps.settings.errorRetry)) {
    await deps.queues.enqueueAgain('account.attach', { accountId });
    report.retried += 1;
  }

  for (const accountId of await accountsWithUntakenResync(deps.knex, { graceMs: options.graceMs, limit: BATCH })) {
    if (await deps.queues.isLive('account.resync', { accountId })) continue;
    await deps.queues.enqueueAgain('account.resync', { accountId });
    report.resyncs += 1;
  }

  for (const candidate of await possiblyOrphanedSegments(deps.knex, { graceMs: options.graceMs, limit: BATCH })) {
    if (await requeueOrphan(deps, candidate)) report.requeuedSegments += 1;
  }

  for (const accountId of await accountsWithPendingSegments(deps.knex, BATCH)) {
    if ((await dispatchSegments(deps, accountId)) > 0) report.dispatchedAccounts += 1;
  }

  for (const run of await finishedButOpenRuns(deps.knex, BATCH)) {
    // One run whose manifest cannot be written yet (blob storage away) must not stop the pass.
    const closed = await closeRunIfDone(deps, run.id).catch((err: unknown) => {
      logger.warn('run not closed yet', { runId: run.id, error: err instanceof Error ? err.message : String(err) });
      return false;
    });
    if (!closed) continue;
    const account = await findAccount(deps.knex, run.accountId);
    if (account) await settleStatus(deps.knex, account);
    report.closedRuns += 1;
  }

  const schedulers = await restorePollSchedulers(deps, logger);
  report.schedulersAdded = schedulers.added;
  report.schedulersRemoved = schedulers.removed;
  report.purgesRestarted = await restorePurges(deps, logger, { graceMs: options.graceMs, limit: BATCH });

  if (Object.values(report).some((count) => count > 0)) logger.info('reconciled', { ...report });
  return report;
}
