import { removeDeletedAccount } from '@datasync/accounts';
import { accountFence, DEFAULT_FENCE_WAIT_MS, waitOutFence } from '@datasync/db';
import { describeOwner, mayTouchTable, purgeAccount, tableExists } from '@datasync/destinations';
import type { Logger } from '@datasync/logger';
import { openDestination } from '../access/destinationAccess';
import type { LoaderDeps } from '../deps';
import { waitForAccountWrites } from '../incremental/accountWriteLock';
import { unschedulePoll } from '../incremental/pollSchedule';
import { findAccount, type AccountRecord } from '../targets/targets.repository';
import { purgeDestinations, segmentLeases, type PurgeDestination } from './purgeTargets.repository';

export type PurgeOutcome =
  | { kind: 'gone' }
  | { kind: 'not_deleting' }
  /** A job still held a lease past every bound: nothing purged, try again at `retryAt` (epoch ms). */
  | { kind: 'writers_busy'; retryAt: number }
  | { kind: 'purged'; rows: number; tables: number };

// How often the purge looks whether the segment jobs still reading have let go.
const LEASE_POLL_MS = 200;

/**
 * The delete (docs/incremental-sync.md, Delete), once the account is marked deleting: no more polls, no writer left, every
 * row of the account deleted in batches from every table its syncs write, then the account
 * removed (through libs/accounts, which owns that table and writes the audit record). Every step
 * is idempotent: a retried purge repeats what is left.
 */
export async function purgeAccountData(deps: LoaderDeps, accountId: string, logger: Logger): Promise<PurgeOutcome> {
  const account = await findAccount(deps.knex, accountId);
  if (!account) return { kind: 'gone' };
  if (!account.deleting) return { kind: 'not_deleting' };
  await unschedulePoll(deps, accountId);
  if (!(await stopWriters(deps, account, logger))) return { kind: 'writers_busy', retryAt: Date.now() + deps.settings.leaseMs };
  // Last before the passes: every write that read the account as not deleting has ended (a whole
  // batch, with its retries and every statement or PUT), and none begins any more.
  if (!(await waitOutFence(deps.knex, accountFence(account.id), DEFAULT_FENCE_WAIT_MS))) {
    logger.warn('a write still holds the account write fence; purge postponed', { accountId });
    return { kind: 'writers_busy', retryAt: Date.now() + deps.settings.leaseMs };
  }
  let rows = 0;
  let tables = 0;
  for (const destination of await purgeDestinations(deps.knex, account)) {
    const purged = await purgeDestination(deps, account, destination, logger);
    rows += purged.rows;
    tables += purged.tables;
  }
  if (await removeDeletedAccount(deps.knex, accountId, 'loader')) logger.info('account purged and removed', { accountId, rows, tables });
  return { kind: 'purged', rows, tables };
}

/**
 * Every writer of the account stops at its next write once it sees the account deleting (each
 * reads it again under the account's write fence, waited out after this: see purgeAccountData);
 * before that, the purge waits for the one poll that may be writing and for the segment jobs to
 * give their leases back, so that no row is written after the tables were emptied. A job writes only under
 * a live lease that has half its term left, and cannot revive one that ran out once the account
 * is deleting (segments.repository `renewLease`); so a lease that ran out without being given back
 * (a stuck or killed job) is safe once one destination statement timeout has passed since, the
 * longest the write it may have begun can still take to land. False when a lease is still live
 * after all that: the caller tries again later rather than purge under a writer.
 */
async function stopWriters(deps: LoaderDeps, account: AccountRecord, logger: Logger): Promise<boolean> {
  await waitForAccountWrites(deps.knex, account.id);
  const writeGraceMs = deps.destinations.statementTimeoutMs;
  // A live lease ends within leaseMs (the commit of the write in flight renews it once at most).
  const deadline = Date.now() + 2 * deps.settings.leaseMs + writeGraceMs;
  for (;;) {
    const leases = await segmentLeases(deps.knex, account.id, writeGraceMs);
    if (leases.live === 0 && leases.lapsedWaitMs === 0) return true;
    if (Date.now() >= deadline) {
      logger.warn('segment leases still held; purge postponed', { accountId: account.id, live: leases.live });
      return false;
    }
    if (leases.live === 0)
      logger.info('waiting out the write a lapsed segment lease may have begun', { accountId: account.id, ms: leases.lapsedWaitMs });
    // A lapsed lease's wait is known exactly (and within the deadline); a live one is polled.
    await new Promise((resolve) => setTimeout(resolve, leases.live > 0 ? LEASE_POLL_MS : leases.lapsedWaitMs));
  }
}

async function purgeDestination(
  deps: LoaderDeps,
  account: AccountRecord,
  destination: PurgeDestination,
  logger: Logger,
): Promise<{ rows: number; tables: number }> {
  const { handle, schema } = await openDestination(deps.destinations, deps.secretBox, account.environmentId, {
    ...destination,
    id: destination.destinationId,
  });
  try {
    let rows = 0;
    let tables = 0;
    for (const { table, syncIds } of destination.tables) {
      // A collection whose table was never created (its mount failed) holds nothing.
      if (!(await tableExists(handle, schema, table))) continue;
      // Another environment's rows may carry the same identifier there: never purge a table we do not own.
      const owners = syncIds.map((syncId) => ({ environmentId: account.environmentId, syncId }));
      const verdict = await mayTouchTable(handle, schema, table, owners);
      if (!verdict.allowed) {
        logger.warn('table owned by another sync; not purged', {
          destination: destination.name,
          table,
          owner: describeOwner(verdict.holder),
        });
        continue;
      }
      rows += await purgeAccount(handle, {
        engine: destination.engine,
        schema,
        table,
        accountId: account.identifier,
        batchSize: deps.settings.purgeBatchRows,
      });
      tables += 1;
    }
    logger.info('account rows purged from a destination', { destination: destination.name, rows, tables });
    return { rows, tables };
  } finally {
    await handle.close().catch(() => undefined);
  }
}
