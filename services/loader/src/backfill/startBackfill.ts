import type { Logger } from '@datasync/logger';
import { backfillFor, getResource, type AccountReader } from '@datasync/providers';
import { sealedDestination } from '../access/destinationAccess';
import type { LoaderDeps } from '../deps';
import { newRunFor, planRun, snapshotSecond, startBackfillRun, type RunContext, type StartedRun } from '../runs';
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
 * Starts (or resumes) the run of one account into one table, whose table the caller ensured. A new
 * run reads the first page of its connector's first partition at once (for Stripe, the newest
 * objects), so the first rows are in the destination within seconds, and is then split into
 * segments for the backfill queue (docs/run-lifecycle.md, Run).
 */
export interface BackfillStart {
  kind: StartedRun['kind'];
  /** The head page was the whole table: the run closed here, and its close scheduled the account's poll. */
  closed: boolean;
}

export async function startBackfill(deps: LoaderDeps, input: BackfillTarget, logger: Logger): Promise<BackfillStart> {
  const { account, source, target, reader } = input;
  const resource = getResource(source.provider, target.resourceType);
  const backfill = backfillFor(source.provider);
  // By the clock that dates the reads (the control plane's), not by this machine's.
  const now = deps.providers.clock?.() ?? new Date();
  const opening = { upperBound: snapshotSecond(now), start: backfill.start(resource, { now }) };
  const started = await startBackfillRun(deps.knex, newRunFor(account, target), opening);
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
  // plan): only the connector's first guess of where the data begins, never a bound.
  const accountCreated = await input.credential.createdHint();
  // The plan's first requests go out beside the head page, not after it: one answer time less
  // before the segments start. Unused when the head read does not lead to a plan.
  const prefetched = backfill.prefetchPlan?.(reader, resource, started.run.plan, { accountCreated });
  prefetched?.catch(() => undefined);
  const head = await runSegmentSlice(deps, ctx, 0, logger, { maxPages: 1, reader });
  // Whoever holds segment 0 now (a concurrent attach) plans the run; a stopped one waits for resume.
  let closed = false;
  if (head.kind === 'done' || head.kind === 'paused') {
    closed = await planRun(deps, ctx, { reader, backfill, accountCreated, ...(prefetched ? { prefetched } : {}) }, logger);
  }
  return { kind: started.kind, closed };
}
