import type { EnsureTableResult } from '@datasync/destinations';
import type { Logger } from '@datasync/logger';
import type { ProviderWarning } from '@datasync/providers';
import { emitAccountEvent } from '@datasync/webhooks';
import type { LoaderDeps } from '../deps';
import { createResyncRuns } from '../incremental/startResync';
import { findAccount, type LoadTarget } from '../targets/targets.repository';
import { accountsLoadedInto } from './loadedAccounts.repository';

/** What a table that had to be created again lost, for the collection's status (docs/accounts-api.md, Status). */
export function recreationWarning(tableName: string, result: EnsureTableResult): ProviderWarning | null {
  if (result.created) {
    return {
      code: 'table_recreated',
      message: `The table ${tableName} was missing from the destination and was created again; a resync is loading its rows again.`,
    };
  }
  if (result.addedColumns.length === 0) return null;
  return {
    code: 'columns_recreated',
    message: `The columns ${result.addedColumns.join(', ')} were missing from ${tableName} in the destination and were added again; a resync is filling them.`,
  };
}

/**
 * A loaded table that ensureTable had to create again (dropped or renamed in the destination), or
 * whose columns it had to add again (dropped or renamed, or new in the catalog): its rows, or
 * those columns' values, are gone for every account loaded into it, and nothing else brings them
 * back (polls write only what changes). So every such account of the sync gets a resync of the
 * table, its run carrying the warning the account's status shows. Returns the accounts whose
 * resync started; the caller's own attach plans its own, the others are attached here.
 */
export async function resyncRecreatedTable(
  deps: LoaderDeps,
  target: LoadTarget,
  result: EnsureTableResult,
  attachingAccountId: string,
  logger: Logger,
): Promise<string[]> {
  const warning = recreationWarning(target.tableName, result);
  if (!warning) return [];
  const only = (t: LoadTarget) => t.destinationId === target.destinationId && t.tableName === target.tableName;
  const started: string[] = [];
  for (const accountId of await accountsLoadedInto(deps.knex, target)) {
    const account = await findAccount(deps.knex, accountId);
    // A paused account resyncs when it resumes: its attach finds the table as it is then, so it is
    // resynced here already, to be planned by that attach.
    if (!account || account.deleting) continue;
    // The resync and the event the integrator hears of it commit together: an event exists
    // exactly when the resync it announces does.
    const resync = await deps.knex.transaction(async (trx) => {
      const created = await createResyncRuns(trx, account, only, [warning]);
      if (created.started > 0) {
        await emitAccountEvent(trx, accountId, 'account.table_recreated', {
          table: target.tableName,
          code: warning.code,
          message: warning.message,
          added_columns: result.created ? [] : result.addedColumns,
        });
      }
      return created;
    });
    if (resync.started === 0) continue;
    started.push(accountId);
    if (accountId !== attachingAccountId && account.active) await deps.queues.enqueueAgain('account.attach', { accountId });
  }
  logger.warn('a loaded table was created again in the destination; its accounts resync', {
    table: target.tableName,
    destination: target.destinationName,
    code: warning.code,
    addedColumns: result.addedColumns,
    accounts: started.length,
  });
  return started;
}
