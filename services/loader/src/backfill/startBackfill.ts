import { ensureTable, type DestinationHandle } from '@datasync/destinations';
import type { Logger } from '@datasync/logger';
import { EARLIEST_CREATED, backfillRange, findOldestCreated, getResource } from '@datasync/providers';
import { connectAccount } from '../access/providerAccess';
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
  /**
   * The account's `created` as the provider reported it: only a first guess of where the data
   * begins (one request confirms it), never a bound by itself.
   */
  createdHint?: number;
}

/**
 * Ensures the table, then starts (or resumes) the run of one account into one table. A new run
 * reads its newest page at once, so the first rows are in the destination within seconds, and is
 * then split into segments for the backfill queue (DESIGN §4.3). The run starts from the earliest
 * possible `created`, never from the account's `created` (a connected account's is the connection
 * time, after much of its history); planning then narrows it to the oldest object's day.
 */
export async function startBackfill(deps: LoaderDeps, input: BackfillTarget, logger: Logger): Promise<StartedRun['kind']> {
  const { account, source, target } = input;
  const resource = getResource(source.provider, target.resourceType);
  await ensureTable(input.destination.handle, target.engine, input.destination.schema, resource);
  const range = backfillRange(EARLIEST_CREATED);
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
  const hint = input.createdHint;
  const ctx: RunContext = {
    run: started.run,
    account,
    source,
    destination: { id: target.destinationId, name: target.destinationName, engine: target.engine, connectionSecret: target.connectionSecret },
    resource,
  };
  const head = await runSegmentSlice(deps, ctx, 0, logger, { maxPages: 1 });
  // Whoever holds segment 0 now (a concurrent attach) plans the run; a stopped one waits for resume.
  if (head.kind === 'done' || head.kind === 'paused') await planRun(deps, ctx, logger, hint);
  return started.kind;
}

/**
 * Splits the rest of the run after its newest page, or closes it when that page was all. The
 * split assumes the history between the oldest object and the newest page is as dense as that
 * page, so the range starts at the oldest object (findOldestCreated, trying the account's `created`
 * first), not at the earliest date.
 */
async function planRun(deps: LoaderDeps, ctx: RunContext, logger: Logger, hint: number | undefined): Promise<void> {
  const seg0 = await findSegment(deps.knex, ctx.run.id, 0);
  if (!seg0) return;
  let lower = ctx.run.lowerBound;
  if (seg0.status !== 'done' && seg0.cursorCreated !== null) {
    const reader = connectAccount(deps.providers, deps.secretBox, ctx.account, ctx.source, logger).reader();
    const oldest = await findOldestCreated(reader, ctx.resource, seg0.cursorCreated, { floor: ctx.run.lowerBound, ...(hint === undefined ? {} : { hint }) });
    lower = oldest.lowerBound;
    logger.info('oldest object found', { runId: ctx.run.id, lowerBound: lower, requests: oldest.requests });
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
  await closeRunIfDone(deps, ctx.run.id);
}
