import type { Knex } from '@datasync/db';
import { backfillFor, getResource, type ProviderWarning } from '@datasync/providers';
import type { LoaderDeps } from '../deps';
import { newRunFor, recordRunWarnings, snapshotSecond, startResyncRun, type ResyncStart } from '../runs';
import { listTargets, type AccountRecord, type LoadTarget } from '../targets/targets.repository';
import { controlPlaneNow } from '../clock/controlPlaneNow';
import { markResync } from './eventCursors.repository';
import { EVENT_OVERLAP_S } from './overlap';

export interface ResyncResult {
  /** Tables whose resync run started. */
  started: number;
  /** Tables already being loaded (a run is running, which reads everything anyway). */
  alreadyLoading: number;
}

/**
 * Starts a full resync of the account's tables (all, or those `only` keeps): a run of kind
 * `resync` over the whole history, read like a backfill into the same table. Old rows stay
 * readable meanwhile and are overwritten by newer reads; when the run completes the next poll
 * marks the rows it did not see as deleted (sweepUnseen). Then the attach plans and dispatches the
 * run like a resumed backfill. A table that never had a run is left to the attach.
 */
export async function startResync(deps: LoaderDeps, account: AccountRecord): Promise<ResyncResult> {
  const result = await createResyncRuns(deps.knex, account);
  if (result.started > 0) await deps.queues.enqueueAgain('account.attach', { accountId: account.id });
  return result;
}

/**
 * The runs of a resync, without the attach that plans them (the caller enqueues it once `db`
 * has committed). `db` may be a transaction: each table's run is created in a nested one.
 * `warnings` are recorded on each run started (shown on the collection in the account's status).
 */
export async function createResyncRuns(
  db: Knex | Knex.Transaction,
  account: AccountRecord,
  only?: (target: LoadTarget) => boolean,
  warnings: readonly ProviderWarning[] = [],
): Promise<ResyncResult> {
  const targets = (await listTargets(db, account)).filter((t) => !only || only(t));
  const result: ResyncResult = { started: 0, alreadyLoading: 0 };
  for (const target of targets) {
    const outcome = await startTableResync(db, account, target, warnings);
    if (outcome === 'started') result.started += 1;
    if (outcome === 'running') result.alreadyLoading += 1;
  }
  return result;
}

async function startTableResync(
  db: Knex | Knex.Transaction,
  account: AccountRecord,
  target: LoadTarget,
  warnings: readonly ProviderWarning[],
): Promise<ResyncStart['kind']> {
  // Taken before the run exists, so every read of the resync is newer: what is older and not
  // rewritten when the run completes was not listed. By the control plane's clock, which dates
  // every read of every loader too (clock/controlPlaneClock.ts): this loader's own clock may be
  // seconds off the reading loaders', and the sweep would then mark rows they read as deleted.
  const sweepBefore = await controlPlaneNow(db);
  const upper = snapshotSecond(sweepBefore);
  const resource = getResource(account.sourceType, target.resourceType);
  const key = {
    accountId: account.id,
    environmentId: account.environmentId,
    destinationId: target.destinationId,
    tableName: target.tableName,
  };
  const started = await startResyncRun(
    db,
    newRunFor(account, target),
    upper,
    (previous) => backfillFor(account.sourceType).start(resource, { now: sweepBefore, previous }),
    async (trx, run) => {
      await markResync(trx, key, { resyncRunId: run.id, sweepBefore, createdGte: upper - EVENT_OVERLAP_S });
      // Why the resync runs, when the loader started it itself: shown on the collection until its next run.
      await recordRunWarnings(trx, run.id, warnings);
    },
  );
  return started.kind;
}
