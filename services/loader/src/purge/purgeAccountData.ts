import { removeDeletedAccount } from '@datasync/accounts';
import { getEngine, purgeAccount } from '@datasync/destinations';
import type { Logger } from '@datasync/logger';
import { openDestination } from '../access/destinationAccess';
import type { LoaderDeps } from '../deps';
import { waitForAccountWrites } from '../incremental/accountWriteLock';
import { unschedulePoll } from '../incremental/pollSchedule';
import { findAccount, type AccountRecord } from '../targets/targets.repository';
import { leasedSegments, purgeDestinations, type PurgeDestination } from './purgeTargets.repository';

export type PurgeOutcome = { kind: 'gone' } | { kind: 'not_deleting' } | { kind: 'purged'; rows: number; tables: number };

// How often the purge looks whether the segment jobs still reading have let go.
const LEASE_POLL_MS = 200;

/**
 * Flow 6 of DESIGN §4, once the account is marked deleting: no more polls, no writer left, every
 * row of the account deleted in batches from every table its syncs write, then the account
 * removed (through libs/accounts, which owns that table and writes the audit record). Every step
 * is idempotent: a retried purge repeats what is left.
 */
export async function purgeAccountData(deps: LoaderDeps, accountId: string, logger: Logger): Promise<PurgeOutcome> {
  const account = await findAccount(deps.knex, accountId);
  if (!account) return { kind: 'gone' };
  if (!account.deleting) return { kind: 'not_deleting' };
  await unschedulePoll(deps, accountId);
  await stopWriters(deps, account, logger);
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
 * Every writer of the account stops at its next page boundary once it sees the account deleting;
 * the purge waits for the one poll that may be writing and for the segment jobs to give their
 * leases back, so that no row is written after the tables were emptied. A lease that outlives its
 * term is abandoned by its job (it can no longer commit), so the wait is bounded by it.
 */
async function stopWriters(deps: LoaderDeps, account: AccountRecord, logger: Logger): Promise<void> {
  await waitForAccountWrites(deps.knex, account.id);
  const deadline = Date.now() + deps.settings.leaseMs;
  while ((await leasedSegments(deps.knex, account.id)) > 0) {
    if (Date.now() >= deadline) {
      logger.warn('segment leases outlived their term; purging anyway', { accountId: account.id });
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
  }
}

async function purgeDestination(
  deps: LoaderDeps,
  account: AccountRecord,
  destination: PurgeDestination,
  logger: Logger,
): Promise<{ rows: number; tables: number }> {
  const { handle, schema } = await openDestination(deps.destinations, deps.secretBox, account.environmentId, destination);
  try {
    let rows = 0;
    let tables = 0;
    for (const table of destination.tables) {
      if (handle.engine !== 's3') {
        // A collection whose table was never created (its mount failed) holds nothing.
        const columns = await handle.query(getEngine(handle.engine).dialect.listColumns(), [schema, table]);
        if (columns.rowCount === 0) continue;
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
