import type { Logger } from '@datasync/logger';
import { ensureTable, type EnsureTableResult } from '@datasync/destinations';
import { getResource, tableSpecOf } from '@datasync/providers';
import { sealedDestination } from '../access/destinationAccess';
import { claimForSync } from '../access/tableOwnership';
import { connectAccount } from '../access/providerAccess';
import type { LoaderDeps } from '../deps';
import { emitAccountEvent } from '@datasync/webhooks';
import { ensureStateRow, findAccountState, settleStatus } from '../state/accountStates.repository';
import { findAccount, findSource, listTargets, type LoadTarget } from '../targets/targets.repository';
import { schedulePollIfLoaded } from '../incremental/pollSchedule';
import { ensureSegmentJobs, someTableToPlan } from '../runs';
import { CredentialCheck } from './credentialCheck';
import { classifyFailure } from './failures';
import { resyncRecreatedTable } from './recreatedTable';
import { startBackfill } from './startBackfill';

/** A failure attaching to one destination; the others went on. */
export class DestinationAttachError extends Error {
  constructor(
    readonly destinationName: string,
    readonly failure: unknown,
  ) {
    super(`attaching to the destination ${destinationName} failed`);
    this.name = 'DestinationAttachError';
  }
}

export type AttachResult = { kind: 'skipped'; why: 'gone' | 'inactive' } | { kind: 'idle' } | { kind: 'attached'; runs: number };

/**
 * For every sync on the account's source and every mounted collection: ensure the table and start
 * (or resume) a backfill run; then enqueue the account's segments. An account whose source has no
 * sync is `idle`. Idempotent: the constraint on active runs makes a second attach resume, not
 * restart. A destination that fails does not hold the others back; its error is thrown at the end.
 */
export async function attachAccount(deps: LoaderDeps, accountId: string, logger: Logger): Promise<AttachResult> {
  const account = await findAccount(deps.knex, accountId);
  if (!account) return { kind: 'skipped', why: 'gone' };
  // Inactive or deleting: nothing loads (resume and purge are the lifecycle jobs' work).
  if (!account.active || account.deleting) return { kind: 'skipped', why: 'inactive' };
  const source = await findSource(deps.knex, account.environmentId, account.sourceId);
  if (!source) return { kind: 'skipped', why: 'gone' };
  await deps.knex.transaction(async (trx) => {
    // The first attach creates the state row: the account's one `account.attached`.
    if (await ensureStateRow(trx, account)) await emitAccountEvent(trx, account.id, 'account.attached');
  });
  const targets = await listTargets(deps.knex, account);
  if (targets.length === 0) {
    await settleStatus(deps.knex, account, { clearError: true });
    return { kind: 'idle' };
  }

  // One provider connection and one reader for every table.
  const connection = connectAccount(deps.providers, deps.secretBox, account, source, logger);
  const reader = connection.reader('backfill');
  // Registration verified the credential and stored the provider account id and `created`: the
  // provider is asked again only whether an error's cause is gone, or for the `created` of an
  // account registered before it was kept. Before any destination, as a refused credential
  // concerns them all.
  const credential = new CredentialCheck(connection, account);
  if (
    (await findAccountState(deps.knex, account.id))?.status === 'error' ||
    (credential.neededToPlan && (await someTableToPlan(deps.knex, account.id, targets)))
  ) {
    await credential.verifiedAccount();
  }

  const failures: DestinationAttachError[] = [];
  let runs = 0;
  let closedHere = 0;
  for (const group of byDestination(targets)) {
    const first = group[0] as LoadTarget;
    try {
      const destination = sealedDestination(first);
      const ensured = new Map<LoadTarget, EnsureTableResult>();
      // The tables first, on one pooled connection; the head pages' writes borrow one each.
      await deps.destinationPool.use(
        { environmentId: account.environmentId, destination },
        async (pooled) => {
          for (const target of group) {
            const resource = getResource(source.provider, target.resourceType);
            const { handle, schema } = pooled.destination;
            // A table another sync owns is refused before anything touches it (TableOwnedError).
            await claimForSync(deps.knex, handle, { schema, table: target.tableName, syncId: target.syncId });
            ensured.set(target, await ensureTable(handle, target.engine, schema, tableSpecOf(resource)));
          }
        },
        { urgent: true },
      );
      // A loaded table created again (dropped or renamed in the destination, or columns lost):
      // resynced before its run is resumed below, so this attach plans the resync.
      for (const [target, result] of ensured) await resyncRecreatedTable(deps, target, result, account.id, logger);
      for (const target of group) {
        const started = await startBackfill(deps, { account, source, target, reader, credential }, logger);
        runs += 1;
        if (started.closed) closedHere += 1;
      }
    } catch (err) {
      // A 429 delays the whole attach; it resumes where it stopped (every step is idempotent). A
      // refused credential concerns every destination: the attach stops there.
      if (classifyFailure(err).kind === 'rate_limited' || credential.failedWith(err)) throw err;
      logger.warn('attach failed for a destination', { destination: first.destinationName, error: (err as Error).message });
      failures.push(new DestinationAttachError(first.destinationName, err));
    }
  }
  await settleStatus(deps.knex, account, { clearError: failures.length === 0 });
  // An account whose every table was loaded from its head page (a small one: the common case when
  // thousands attach at once) has no segment to enqueue, and its runs' close scheduled its poll:
  // the 10 statements and the second scheduler write of the steps below would find nothing to do.
  // Segments of tables no longer mounted are the reconciler's (orphaned segments), as before.
  if (closedHere === targets.length && failures.length === 0) return { kind: 'attached', runs };
  await ensureSegmentJobs(deps, account.id);
  // Incremental sync for an account already loaded (a resume); a new one is scheduled when its run
  // completes (closeRunIfDone), in this attach or in its last segment's job.
  if (closedHere === 0) await schedulePollIfLoaded(deps, account.id);
  if (failures[0]) throw failures[0];
  return { kind: 'attached', runs };
}

function byDestination(targets: LoadTarget[]): LoadTarget[][] {
  const groups = new Map<string, LoadTarget[]>();
  for (const target of targets) groups.set(target.destinationId, [...(groups.get(target.destinationId) ?? []), target]);
  return [...groups.values()];
}
