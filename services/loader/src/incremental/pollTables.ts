import type { Knex } from '@datasync/db';
import type { Logger } from '@datasync/logger';
import type { AccountReader } from '@datasync/providers';
import type { LoaderDeps } from '../deps';
import type { AccountRecord } from '../targets/targets.repository';
import { findCursors, restartCursor, type TableKey } from './eventCursors.repository';
import { EVENT_OVERLAP_S } from './overlap';
import type { PollTarget } from './pollTargets.repository';
import type { RecentEventsJson } from '@datasync/providers';
import type { Refetcher } from './refetcher';
import { sweepUnseen } from './sweepUnseen';
import type { TableOpener } from './tableOpener';

/** A table as the poll applies events to it. */
export interface TableState extends PollTarget {
  key: TableKey;
  cursor: string | null;
  createdGte: number;
  /** Events applied within the look-back window behind the cursor. */
  recent: RecentEventsJson | null;
}

/** What one poll works with. `db` is the transaction holding the account's write lock. */
export interface PollContext {
  deps: LoaderDeps;
  db: Knex.Transaction;
  account: AccountRecord;
  reader: AccountReader;
  logger: Logger;
  refetcher: Refetcher;
  tables: TableOpener;
  /** Resources some table of the account loads (loaded or still loading): other events are skipped. */
  mountedResources: ReadonlySet<string>;
  /** Events counted as skipped by this poll: tables walking apart meet the same events. */
  skippedEvents: Set<string>;
  /** Epoch ms: a walk from a cursor stops after this (the next poll goes on). */
  deadline: number;
  totals: { events: number; written: number; refetched: number };
}

/**
 * Brings each table's cursor in line with its latest completed run: a new run (the first
 * backfill, or a resync) starts the events over from its frozen upper bound, and a completed
 * resync first marks what it did not see as deleted.
 */
export async function prepareTables(ctx: PollContext, targets: readonly PollTarget[]): Promise<TableState[]> {
  const { db, account } = ctx;
  const cursors = await findCursors(db, account.id);
  const tables: TableState[] = [];
  for (const target of targets) {
    const key = { accountId: account.id, destinationId: target.destinationId, tableName: target.tableName };
    const known = cursors.get(`${target.destinationId}/${target.tableName}`);
    if (known && known.runId === target.runId) {
      tables.push({ ...target, key, cursor: known.cursor, createdGte: known.createdGte, recent: known.recentEvents });
      continue;
    }
    if (target.runKind === 'resync') {
      const sweepBefore = known?.resyncRunId === target.runId && known.sweepBefore ? known.sweepBefore : target.startedAt;
      const opened = await ctx.tables.open(target);
      if (opened.table) {
        const table = opened.table;
        const swept = await opened.fenced(() => sweepUnseen(table, account.identifier, sweepBefore));
        ctx.logger.info('resync completed; rows it did not see marked deleted', { table: target.tableName, swept });
      }
    }
    const createdGte = target.upperBound - EVENT_OVERLAP_S;
    await restartCursor(db, { ...key, environmentId: account.environmentId }, { runId: target.runId, createdGte });
    tables.push({ ...target, key, cursor: null, createdGte, recent: null });
  }
  return tables;
}

/** Where a table stands in the event stream: after its cursor, or where a table without one walks from. */
export function streamPlace(table: { cursor: string | null; createdGte: number }): string {
  return table.cursor !== null ? `after:${table.cursor}` : `gte:${table.createdGte}`;
}

/** Tables at the same place in the event stream share one walk. */
export function groupByCursor(tables: readonly TableState[]): TableState[][] {
  const groups = new Map<string, TableState[]>();
  for (const table of tables) {
    const key = streamPlace(table);
    groups.set(key, [...(groups.get(key) ?? []), table]);
  }
  return [...groups.values()];
}
