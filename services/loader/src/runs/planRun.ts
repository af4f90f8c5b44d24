import type { Logger } from '@datasync/logger';
import { findOldestCreated, type AccountReader, type Page } from '@datasync/providers';
import type { OpenDestination } from '../access/destinationAccess';
import type { LoaderDeps } from '../deps';
import { closeRunIfDone } from './closeRun';
import { applyPlan } from './planning.repository';
import { planSplit } from './planSplit';
import type { RunContext } from './runContext';
import { findSegment } from './segmentQueries.repository';

const OLDEST_PROBES_PER_ROUND = 7;

export interface PlanInputs {
  /** The account's reader, for the search of the oldest object. */
  reader: AccountReader;
  /** The account's `created` as the provider reported it: tried first as the oldest object's bound. */
  createdHint?: number;
  /** The search's first request, sent beside the newest page (newestBefore over the run's lower bound and `createdHint`). */
  hintProbe?: Promise<Page>;
  /** The run's destination when the caller already holds a connection to it. */
  destination?: OpenDestination;
}

/**
 * Splits the rest of a run after its newest page, or closes it when that page was all (then
 * true: the run closed here, and with it the account's poll was scheduled). The
 * split assumes the history between the oldest object and the newest page is as dense as that
 * page, so the range starts at the oldest object (findOldestCreated, trying the account's `created`
 * first), not at the earliest date.
 */
export async function planRun(deps: LoaderDeps, ctx: RunContext, inputs: PlanInputs, logger: Logger): Promise<boolean> {
  const seg0 = await findSegment(deps.knex, ctx.run.id, 0);
  if (!seg0) return false;
  let lower = ctx.run.lowerBound;
  if (seg0.status !== 'done' && seg0.cursorCreated !== null) {
    const hint = inputs.createdHint;
    const oldest = await findOldestCreated(inputs.reader, ctx.resource, seg0.cursorCreated, {
      floor: ctx.run.lowerBound,
      ...(hint === undefined ? {} : { hint }),
      ...(inputs.hintProbe ? { hintProbe: inputs.hintProbe } : {}),
      // The segments wait for the plan, and the budget idles meanwhile: spend it on rounds of
      // requests at once, 4–5 answer times for ten years of history instead of 13.
      probesPerRound: OLDEST_PROBES_PER_ROUND,
    });
    lower = oldest.lowerBound;
    logger.info('oldest object found', { runId: ctx.run.id, lowerBound: lower, requests: oldest.requests, rounds: oldest.rounds });
  }
  const plan =
    seg0.status === 'done'
      ? { seg0Gte: ctx.run.lowerBound, others: [] }
      : planSplit({
          lower,
          upper: ctx.run.upperBound,
          headRows: seg0.rowsWritten,
          cursorCreated: seg0.cursorCreated,
          pageSize: deps.settings.pageSize,
          pagesPerSegment: deps.settings.pagesPerSegment,
          maxSegments: deps.settings.maxSegmentsPerRun,
        });
  if (await applyPlan(deps.knex, ctx.run, plan, lower)) {
    deps.logger.info('backfill run planned', { runId: ctx.run.id, segments: plan.others.length + 1 });
  }
  return closeRunIfDone(deps, ctx.run.id, { known: ctx, ...(inputs.destination ? { opened: inputs.destination } : {}) });
}
