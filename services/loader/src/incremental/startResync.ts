import type { Knex } from '@datasync/db';
import { backfillFor, getResource } from '@datasync/providers';
import type { LoaderDeps } from '../deps';
import { snapshotSecond, startResyncRun, type ResyncStart } from '../runs';
import { listTargets, type AccountRecord, type LoadTarget } from '../targets/targets.repository';
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
 */
export async function createResyncRuns(
  db: Knex | Knex.Transaction,
  account: AccountRecord,
  only?: (target: LoadTarget) => boolean,
): Promise<ResyncResult> {
  const targets = (await listTargets(db, account)).filter((t) => !only || only(t));
  const result: ResyncResult = { started: 0, alreadyLoading: 0 };
  for (const target of targets) {
    const outcome = await startTableResync(db, account, target);
    if (outcome === 'started') result.started += 1;
    if (outcome === 'running') result.alreadyLoading += 1;
  }
  return result;
}

async function startTableResync(db: Knex | Knex.Transaction, account: AccountRecord, target: LoadTarget): Promise<ResyncStart['kind']> {
  // Taken before the run exists, so every read of the resync is newer: what is older and not
  // rewritten when the run completes was not listed.
  const sweepBefore = new Date();
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
    {
      environmentId: account.environmentId,
      accountId: account.id,
      syncId: target.syncId,
      collectionId: target.collectionId,
      destinationId: target.destinationId,
      tableName: target.tableName,
      resourceType: target.resourceType,
    },
    upper,
    (previous) => backfillFor(account.sourceType).start(resource, { now: sweepBefore, previous }),
    (trx, run) => markResync(trx, key, { resyncRunId: run.id, sweepBefore, createdGte: upper - EVENT_OVERLAP_S }),
  );
  return started.kind;
}
