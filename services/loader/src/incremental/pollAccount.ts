import type { Knex } from '@datasync/db';
import type { Logger } from '@datasync/logger';
import { EventCursorExpiredError } from '@datasync/providers';
import { connectAccount } from '../access/providerAccess';
import { WritesFenced } from '../access/writeFence';
import type { LoaderDeps } from '../deps';
import { findAccountState, settleStatus } from '../state/accountStates.repository';
import { findAccount, findSource, type AccountRecord } from '../targets/targets.repository';
import { withAccountWriteLock } from './accountWriteLock';
import { markPolled } from './eventCursors.repository';
import { accountRuns, recordPolled } from './pollTargets.repository';
import { quietPoll } from './quietPoll';
import { groupByCursor, prepareTables, type PollContext, type TableState } from './pollTables';
import { Refetcher } from './refetcher';
import { rereadWindows } from './rereadWindow';
import { createResyncRuns } from './startResync';
import { TableOpener } from './tableOpener';
import { walkGroup } from './walkEvents';

export type PollOutcome =
  | { kind: 'skipped'; why: 'gone' | 'inactive' | 'busy' | 'not_loaded' | 'unmounted' }
  | { kind: 'polled'; tables: number; events: number; written: number; refetched: number; caughtUp: boolean; resyncs: number };

/**
 * One incremental poll of an account (docs/incremental-sync.md, Polling): for every table whose run has completed, the
 * provider's events since the table's cursor are applied in pages, each page's changes committed
 * in the destination before the cursor moves past it. Tables at the same cursor share one walk.
 * A cursor past the provider's event retention starts a resync of its tables instead. A poll with
 * nothing to do takes the cheap way (quietPoll) and never takes the lock.
 */
export async function pollAccount(deps: LoaderDeps, accountId: string, logger: Logger): Promise<PollOutcome> {
  const before = await findAccount(deps.knex, accountId);
  if (!before) return { kind: 'skipped', why: 'gone' };
  if (!before.active || before.deleting) return { kind: 'skipped', why: 'inactive' };
  const quiet = await quietPoll(deps, before, logger);
  if (quiet) return { kind: 'polled', tables: quiet.tables, events: 0, written: 0, refetched: 0, caughtUp: true, resyncs: 0 };
  const locked = await withAccountWriteLock(deps.knex, accountId, async (db): Promise<PollOutcome> => {
    // Read again under the lock: a purge marks the account deleting, then waits for this lock.
    const account = await findAccount(db, accountId);
    if (!account) return { kind: 'skipped', why: 'gone' };
    if (!account.active || account.deleting) return { kind: 'skipped', why: 'inactive' };
    return pollLocked(deps, db, account, logger);
  });
  if (!locked.locked) return { kind: 'skipped', why: 'busy' };
  // Resync runs are planned by an attach, enqueued once they are committed.
  if (locked.value.kind === 'polled' && locked.value.resyncs > 0) await deps.queues.enqueueAgain('account.attach', { accountId });
  return locked.value;
}

/**
 * The poll itself, on `db`: the transaction holding the account's write lock. Its cursor moves
 * commit with it; a poll that dies applies its pages again next time, which changes nothing.
 */
async function pollLocked(deps: LoaderDeps, db: Knex.Transaction, account: AccountRecord, logger: Logger): Promise<PollOutcome> {
  const startedAt = new Date();
  const runs = await accountRuns(db, account.id);
  if (runs.targets.length === 0) return { kind: 'skipped', why: 'not_loaded' };
  const source = await findSource(db, account.environmentId, account.sourceId);
  if (!source) return { kind: 'skipped', why: 'gone' };
  const reader = connectAccount(deps.providers, deps.secretBox, account, source, logger).reader('incremental');
  const ctx: PollContext = {
    deps,
    db,
    account,
    reader,
    logger,
    refetcher: new Refetcher(reader, deps.providers.clock),
    tables: new TableOpener(deps, account.environmentId, source.provider, db, account.id),
    mountedResources: new Set(runs.resources),
    skippedEvents: new Set(),
    deadline: startedAt.getTime() + deps.settings.sliceMs,
    totals: { events: 0, written: 0, refetched: 0 },
  };
  try {
    const tables = await prepareTables(ctx, runs.targets);
    const current: TableState[] = [];
    let caughtUp = true;
    let resyncs = 0;
    for (const group of groupByCursor(tables)) {
      try {
        caughtUp = (await walkGroup(ctx, group)) && caughtUp;
        current.push(...group);
      } catch (err) {
        if (!(err instanceof EventCursorExpiredError)) throw err;
        logger.warn('event cursor past the provider retention; resyncing', { tables: group.map((t) => t.tableName) });
        const keys = new Set(group.map((t) => `${t.destinationId}/${t.tableName}`));
        resyncs += (await createResyncRuns(db, account, (t) => keys.has(`${t.destinationId}/${t.tableName}`))).started;
      }
    }
    await rereadWindows(ctx, current, startedAt);
    if (caughtUp) {
      for (const table of current) await markPolled(db, table.key, startedAt);
      await recordPolled(db, account.id);
      // The poll worked end to end: an error shown from an earlier poll is over, unless a table
      // is still loading (its own jobs say whether its cause is gone).
      if (!runs.loading && (await findAccountState(db, account.id))?.status === 'error') {
        await settleStatus(db, account, { clearError: true });
      }
    }
    return { kind: 'polled', tables: tables.length, ...ctx.totals, caughtUp, resyncs };
  } catch (err) {
    // Paused, deleting or a collection unmounted since the poll began: it ends at the write it
    // refused, and what it committed before stands (a later poll goes on from there).
    if (!(err instanceof WritesFenced)) throw err;
    logger.info('poll stopped: writes fenced', { reason: err.reason });
    return { kind: 'skipped', why: err.reason === 'account_inactive' ? 'inactive' : 'unmounted' };
  } finally {
    await ctx.tables.close();
  }
}
