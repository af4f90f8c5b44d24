import { ensureTable, type DestinationHandle } from '@datasync/destinations';
import type { Logger } from '@datasync/logger';
import { backfillRange, getResource } from '@datasync/providers';
import type { LoaderDeps } from '../deps';
import { applyPlan } from '../runs/planning.repository';
import { startRun, type StartedRun } from '../runs/runs.repository';
import { findSegment } from '../runs/segments.repository';
import type { AccountRecord, LoadTarget, SourceRecord } from '../targets/targets.repository';
import { closeRunIfDone } from './closeRun';
import { planSplit } from './planSplit';
import type { RunContext } from './runContext';
import { runSegmentSlice } from './segmentSlice';

export interface BackfillTarget {
  account: AccountRecord;
  source: SourceRecord;
  target: LoadTarget;
  /** An open connection to the target's destination, for the DDL. */
  destination: { handle: DestinationHandle; schema: string };
  /** The account's `created` (unix seconds), as the provider reported it: the lower bound. */
  accountCreated: number;
}

/**
 * Ensures the table, then starts (or resumes) the run of one account into one table. A new run
 * reads its newest page at once, so the first rows are in the destination within seconds, and is
 * then split into segments for the backfill queue (DESIGN §4.3).
 */
export async function startBackfill(deps: LoaderDeps, input: BackfillTarget, logger: Logger): Promise<StartedRun['kind']> {
  const { account, source, target } = input;
  const resource = getResource(source.provider, target.resourceType);
  await ensureTable(input.destination.handle, target.engine, input.destination.schema, resource);
  const range = backfillRange(input.accountCreated);
  const started = await startRun(deps.knex, {
    environmentId: account.environmentId,
    accountId: account.id,
    syncId: target.syncId,
    collectionId: target.collectionId,
    destinationId: target.destinationId,
    tableName: target.tableName,
    resourceType: target.resourceType,
    lowerBound: range.gte,
    upperBound: range.lt,
  });
  if (started.kind === 'already_loaded' || started.run.planned) return started.kind;
  if (started.kind === 'started') logger.info('backfill run started', { runId: started.run.id, table: target.tableName });
  const ctx: RunContext = {
    run: started.run,
    account,
    source,
    destination: { id: target.destinationId, name: target.destinationName, engine: target.engine, connectionSecret: target.connectionSecret },
    resource,
  };
  const head = await runSegmentSlice(deps, ctx, 0, logger, { maxPages: 1 });
  // Whoever holds segment 0 now (a concurrent attach) plans the run; a stopped one waits for resume.
  if (head.kind === 'done' || head.kind === 'paused') await planRun(deps, ctx);
  return started.kind;
}

/** Splits the rest of the run after its newest page, or closes it when that page was all. */
async function planRun(deps: LoaderDeps, ctx: RunContext): Promise<void> {
  const seg0 = await findSegment(deps.knex, ctx.run.id, 0);
  if (!seg0) return;
  const plan =
    seg0.status === 'done'
      ? { seg0Gte: ctx.run.lowerBound, others: [] }
      : planSplit({
          lower: ctx.run.lowerBound,
          upper: ctx.run.upperBound,
          headRows: seg0.rowsWritten,
          cursorCreated: seg0.cursorCreated,
          pageSize: deps.settings.pageSize,
          pagesPerSegment: deps.settings.pagesPerSegment,
          maxSegments: deps.settings.maxSegmentsPerRun,
        });
  if (await applyPlan(deps.knex, ctx.run, plan)) {
    deps.logger.info('backfill run planned', { runId: ctx.run.id, segments: plan.others.length + 1 });
  }
  await closeRunIfDone(deps, ctx.run.id);
}
