import type { Logger } from '@datasync/logger';
import { EARLIEST_CREATED, backfillRange, getResource, newestBefore, type AccountReader } from '@datasync/providers';
import { sealedDestination } from '../access/destinationAccess';
import type { LoaderDeps } from '../deps';
import { planRun, startBackfillRun, type RunContext, type StartedRun } from '../runs';
import type { AccountRecord, LoadTarget, SourceRecord } from '../targets/targets.repository';
import type { CredentialCheck } from './credentialCheck';
import { runSegmentSlice } from './segmentSlice';

export interface BackfillTarget {
  account: AccountRecord;
  source: SourceRecord;
  target: LoadTarget;
  /** The attach's reader of the account: for the head page and the plan. */
  reader: AccountReader;
  /** Gives the account's `created`, the plan's first guess of where the data begins (verifying the credential if registration did not keep it). */
  credential: CredentialCheck;
}

/**
 * Starts (or resumes) the run of one account into one table, whose table the caller ensured. A new run
 * reads its newest page at once, so the first rows are in the destination within seconds, and is
 * then split into segments for the backfill queue (docs/run-lifecycle.md, Run). The run starts from the earliest
 * possible `created`, never from the account's `created` (a connected account's is the connection
 * time, after much of its history); planning then narrows it to the oldest object's day.
 */
export interface BackfillStart {
  kind: StartedRun['kind'];
  /** The head page was the whole table: the run closed here, and its close scheduled the account's poll. */
  closed: boolean;
}

export async function startBackfill(deps: LoaderDeps, input: BackfillTarget, logger: Logger): Promise<BackfillStart> {
  const { account, source, target, reader } = input;
  const resource = getResource(source.provider, target.resourceType);
  const range = backfillRange(EARLIEST_CREATED);
  const started = await startBackfillRun(deps.knex, {
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
  if (started.kind === 'already_loaded' || started.run.planned) return { kind: started.kind, closed: false };
  if (started.kind === 'started') logger.info('backfill run started', { runId: started.run.id, table: target.tableName });
  const ctx: RunContext = {
    run: started.run,
    account,
    source,
    destination: sealedDestination(target),
    resource,
  };
  // The account's `created` (kept by registration, or asked by the attach when it saw a run to
  // plan): only a first guess of where the data begins (one request confirms it), never a bound.
  const created = await input.credential.createdHint();
  // The plan's first request goes out beside the newest page, not after it: one answer time less
  // before the segments start. Unused when the head read does not lead to a plan.
  const hintProbe = created > started.run.lowerBound ? newestBefore(reader, resource, started.run.lowerBound, created) : undefined;
  hintProbe?.catch(() => undefined);
  const head = await runSegmentSlice(deps, ctx, 0, logger, { maxPages: 1, reader });
  // Whoever holds segment 0 now (a concurrent attach) plans the run; a stopped one waits for resume.
  let closed = false;
  if (head.kind === 'done' || head.kind === 'paused') {
    closed = await planRun(deps, ctx, { reader, createdHint: created, ...(hintProbe ? { hintProbe } : {}) }, logger);
  }
  return { kind: started.kind, closed };
}
