import type { Logger } from '@datasync/logger';
import type { AccountReader, ProviderBackfill } from '@datasync/providers';
import type { OpenDestination } from '../access/destinationAccess';
import type { LoaderDeps } from '../deps';
import { closeRunIfDone } from './closeRun';
import { applyPlan } from './planning.repository';
import type { RunContext } from './runContext';
import { findSegment } from './segmentQueries.repository';

export interface PlanInputs {
  /** The account's reader, for the connector's planning requests. */
  reader: AccountReader;
  /** The run's connector. */
  backfill: ProviderBackfill;
  /** The account's `created` as the provider reported it: the connector's first guess of where the history begins. */
  accountCreated?: number;
  /** What the connector's prefetchPlan returned, sent beside the head read. */
  prefetched?: Promise<unknown>;
  /** The run's destination when the caller already holds a connection to it. */
  destination?: OpenDestination;
}

/**
 * Splits the rest of a run after its head read into partitions (the connector's planPartitions),
 * or closes it when that read was all (then true: the run closed here, and with it the account's
 * poll was scheduled). The engine hands the connector segment 0 as the head read left it and
 * stores the partitions it answers; it never reads them.
 */
export async function planRun(deps: LoaderDeps, ctx: RunContext, inputs: PlanInputs, logger: Logger): Promise<boolean> {
  const seg0 = await findSegment(deps.knex, ctx.run.id, 0);
  if (!seg0) return false;
  const { settings } = deps;
  const plan = await inputs.backfill.planPartitions(inputs.reader, ctx.resource, {
    plan: ctx.run.plan,
    head: { partition: seg0.partition, cursor: seg0.cursor, rowsRead: seg0.rowsWritten, done: seg0.status === 'done' },
    hints: {
      ...(inputs.accountCreated === undefined ? {} : { accountCreated: inputs.accountCreated }),
      ...(inputs.prefetched ? { prefetched: inputs.prefetched } : {}),
      pageSize: settings.pageSize,
      pagesPerPartition: settings.pagesPerSegment,
      maxPartitions: settings.maxSegmentsPerRun,
    },
  });
  if (plan.notes) logger.info('backfill run plan made', { runId: ctx.run.id, historyStart: plan.historyStart, ...plan.notes });
  const headSplittable = seg0.status === 'done' ? 0 : inputs.backfill.splittableRows(plan.head, seg0.cursor, seg0.rowsWritten);
  if (await applyPlan(deps.knex, ctx.run, plan, headSplittable)) {
    deps.logger.info('backfill run planned', { runId: ctx.run.id, segments: plan.others.length + 1 });
  }
  return closeRunIfDone(deps, ctx.run.id, { known: ctx, ...(inputs.destination ? { opened: inputs.destination } : {}) });
}
