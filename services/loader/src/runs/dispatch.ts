import { budgetPerSecond } from '@datasync/providers';
import { QueueUnavailableError } from '@datasync/queue';
import type { LoaderDeps } from '../deps';
import { budgetShareOf, takeSegmentsToDispatch } from './dispatch.repository';
import { segmentsInFlight } from './inFlight';
import { possiblyOrphanedSegments, type OrphanCandidate } from './segmentQueries.repository';
import { touchQueued } from './segments.repository';

/**
 * Enqueues the account's next segments, up to its cap of segments in flight (sized to fill its
 * request budget, inFlight.ts): segments are enqueued lazily, so a large account holds only a few
 * places in the backfill queue and a new account's segments are never stuck behind all of its
 * work. A failed enqueue leaves the segment marked queued without a job; the reconciler finds and
 * enqueues it.
 */
export async function dispatchSegments(deps: LoaderDeps, accountId: string): Promise<number> {
  const cap = await inFlightCap(deps, accountId);
  const picked = await takeSegmentsToDispatch(deps.knex, accountId, cap, deps.settings.splitMinRows);
  let enqueued = 0;
  for (const ref of picked) {
    try {
      await deps.queues.enqueueAgain('segment.load', { runId: ref.runId, n: ref.n });
      enqueued += 1;
    } catch (err) {
      if (!(err instanceof QueueUnavailableError)) throw err;
      deps.logger.warn('segment enqueue failed; the reconciler will retry', { accountId, runId: ref.runId, n: ref.n });
      break;
    }
  }
  return enqueued;
}

async function inFlightCap(deps: LoaderDeps, accountId: string): Promise<number> {
  const bounds = { min: deps.settings.segmentsPerAccount, max: deps.settings.maxSegmentsPerAccount };
  const share = await budgetShareOf(deps.knex, accountId);
  if (!share) return bounds.min;
  const budget = budgetPerSecond(deps.providers.settings.budget, share.livemode, share.percent);
  return segmentsInFlight(budget, deps.metrics.pageLatency.seconds(), bounds);
}

/**
 * Gives every queued segment of the account whose job is gone (failed for good, or lost with
 * Redis) a new job, then dispatches. After an account recovers from an error, this is what
 * restarts the segments that gave up.
 */
export async function ensureSegmentJobs(deps: LoaderDeps, accountId: string): Promise<void> {
  for (const candidate of await possiblyOrphanedSegments(deps.knex, { graceMs: 0, limit: 1_000, accountId })) {
    await requeueOrphan(deps, candidate);
  }
  await dispatchSegments(deps, accountId);
}

/**
 * Gives a queued segment a job again when it has none that will run it: its job failed for good or
 * vanished (enqueued again under its own id), or its job still shows as running while the lease
 * lapsed, which means its loader died: then a takeover job under a new id reads on from the
 * cursor at once, rather than after BullMQ's stalled-job check (up to a minute). Returns whether
 * it enqueued anything.
 */
export async function requeueOrphan(deps: LoaderDeps, candidate: OrphanCandidate): Promise<boolean> {
  const payload = { runId: candidate.runId, n: candidate.n };
  const state = await deps.queues.state('segment.load', payload);
  if (state === 'active' && candidate.leaseLapsed) {
    await deps.queues.enqueueAgain('segment.load', { ...payload, takeover: candidate.claims });
  } else if (state === 'unknown' || state === 'failed' || state === 'completed') {
    await deps.queues.enqueueAgain('segment.load', payload);
  } else {
    return false;
  }
  await touchQueued(deps.knex, candidate);
  return true;
}
