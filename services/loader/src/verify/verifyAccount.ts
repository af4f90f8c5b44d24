import { describeOwner, mayTouchTable, tableExists } from '@datasync/destinations';
import type { Logger } from '@datasync/logger';
import { getResource } from '@datasync/providers';
import type { VerifyScope } from '@datasync/queue';
import { sealedDestination } from '../access/destinationAccess';
import { connectAccount } from '../access/providerAccess';
import type { LoaderDeps } from '../deps';
import { accountRuns } from '../incremental/pollTargets.repository';
import { findAccount, findSource } from '../targets/targets.repository';
import { verificationRange } from './verificationRange';
import { loadedSince, splitRange, startOrResume } from './verifications.repository';
import { emitVerified } from './verifiedEvent';
import { VerifySlice } from './verifySlice';
import { verifyTable, type TableCheck } from './verifyTable';

/** `stopped`: the account was paused or is being deleted, or a collection unmounted, while it ran. */
export type AccountOutcome = 'done' | 'yielded' | 'skipped' | 'stopped';

/**
 * Verifies every loaded table of the account (those whose latest run completed: a table still
 * loading is being read in full anyway) against the provider, one after the other. Its reads
 * spend the account's budget in the backfill lane, which leaves polling its share first.
 */
export async function verifyAccount(
  deps: LoaderDeps,
  request: { accountId: string; scope: VerifyScope; requestedAt: Date },
  logger: Logger,
): Promise<AccountOutcome> {
  const { accountId, scope } = request;
  const account = await findAccount(deps.knex, accountId);
  if (!account || account.deleting || !account.active) return 'skipped';
  const source = await findSource(deps.knex, account.environmentId, account.sourceId);
  if (!source) return 'skipped';
  const { targets } = await accountRuns(deps.knex, account.id);
  if (targets.length === 0) return 'skipped';
  const reader = connectAccount(deps.providers, deps.secretBox, account, source, logger).reader('backfill');
  const slice = new VerifySlice(deps.settings.verifySliceMs, async () => (await deps.queues.waiting('backfill')) > 0, deps.stopping);
  // Every table to check is known before the first is walked, so that the last one's completion
  // commits the account's `account.verified` with it (an outbox: no crash can fall in between).
  const checks: TableCheck[] = [];
  for (const target of targets) {
    const pooledTarget = { environmentId: account.environmentId, destination: sealedDestination(target) };
    const { exists, verdict } = await deps.destinationPool.use(pooledTarget, async ({ destination }) => ({
      exists: await tableExists(destination.handle, destination.schema, target.tableName),
      // Its repairs write and mark deleted: never in a table another sync owns.
      verdict: await mayTouchTable(destination.handle, destination.schema, target.tableName, [
        { environmentId: account.environmentId, syncId: target.syncId },
      ]),
    }));
    if (!exists) continue;
    if (!verdict.allowed) {
      logger.warn('table owned by another sync; not verified', { table: target.tableName, owner: describeOwner(verdict.holder) });
      continue;
    }
    const key = { accountId: account.id, destinationId: target.destinationId, tableName: target.tableName };
    const range = verificationRange(scope, Date.now(), deps.settings);
    // Without a completed run's bound, a year back places the cuts (the oldest part still reaches 0).
    const oldest = (await loadedSince(deps.knex, key)) ?? range.through - 365 * 86_400;
    const parts = splitRange(range, oldest, deps.settings.verifyConcurrency);
    const progress = await startOrResume(
      deps.knex,
      { ...key, environmentId: account.environmentId },
      scope,
      { ...range, parts },
      request.requestedAt,
    );
    if (!progress) continue;
    const resource = getResource(source.provider, target.resourceType);
    const fence = { accountId: account.id, collectionId: target.collectionId };
    checks.push({ key, identifier: account.identifier, resource, target: pooledTarget, scope: fence, progress });
  }
  const last = checks[checks.length - 1];
  if (last) last.onComplete = (trx) => emitVerified(trx, account.id);
  for (const check of checks) {
    const outcome = await verifyTable(deps, reader, check, slice, logger);
    // An unmounted table's check ends; the account's other tables are still checked.
    if (!outcome.done && outcome.stopped === 'collection_unmounted') continue;
    if (!outcome.done) return outcome.stopped ? 'stopped' : 'yielded';
  }
  return 'done';
}
