import { delayJob, type JobCatalog, type JobHandler, type PayloadOf } from '@datasync/queue';
import { loadRunContext } from '../runs';
import { runSegmentSlice, type SliceOutcome } from '../backfill/segmentSlice';
import type { LoaderDeps } from '../deps';
import { handleJobFailure } from './failurePolicy';

// A second delivery waits this much past the holder's lease before trying to take it over.
const HELD_MARGIN_MS = 250;

/**
 * `segment.load`: one slice of a segment. A spent slice yields the worker slot (the job goes to
 * the back of the queue, not counted as an attempt), so one huge account cannot hold every
 * worker; a segment another job holds is retried when that job's lease would expire.
 */
export function segmentLoadJob(deps: LoaderDeps): JobHandler<PayloadOf<JobCatalog, 'segment.load'>> {
  return async ({ runId, n }, context) => {
    const ctx = await loadRunContext(deps, runId);
    if (!ctx) {
      context.logger.info('segment of a run that is gone; nothing to do', { runId, n });
      return;
    }
    let outcome: SliceOutcome;
    try {
      outcome = await runSegmentSlice(deps, ctx, n, context.logger);
    } catch (err) {
      return handleJobFailure(deps, context, err, { account: ctx.account, destinationName: ctx.destination.name });
    }
    if (outcome.kind === 'paused') return delayJob(context.job, context.token, Date.now());
    if (outcome.kind === 'held') return delayJob(context.job, context.token, outcome.until.getTime() + HELD_MARGIN_MS);
  };
}
