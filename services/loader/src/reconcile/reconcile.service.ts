import type { Logger } from '@datasync/logger';
import { pruneWebhookEvents } from '@datasync/webhooks';
import type { LoaderDeps } from '../deps';
import { closeFinishedRuns, dispatchWaitingSegments, requeueOrphanedSegments } from '../runs';
import { claimDueRetries } from '../state/accountStates.repository';
import { restorePollSchedulers } from '../incremental/restorePollSchedulers';
import { restorePurges } from '../purge/restorePurges';
import { enqueueDueVerifications } from '../verify/rollingSchedule';
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
  verifications: number;
  webhookEventsPruned: number;
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
    verifications: 0,
    webhookEventsPruned: 0,
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

  report.requeuedSegments = await requeueOrphanedSegments(deps, { graceMs: options.graceMs, limit: BATCH });
  report.dispatchedAccounts = await dispatchWaitingSegments(deps, BATCH);
  report.closedRuns = await closeFinishedRuns(deps, logger, BATCH);

  const schedulers = await restorePollSchedulers(deps, logger);
  report.schedulersAdded = schedulers.added;
  report.schedulersRemoved = schedulers.removed;
  report.purgesRestarted = await restorePurges(deps, logger, { graceMs: options.graceMs, limit: BATCH });
  report.verifications = await enqueueDueVerifications(deps, logger, BATCH);
  // Integrator webhook events past their retention; a backlog goes BATCH per pass.
  report.webhookEventsPruned = await pruneWebhookEvents(deps.knex, deps.webhooks.retentionMs, BATCH);

  if (Object.values(report).some((count) => count > 0)) logger.info('reconciled', { ...report });
  return report;
}
