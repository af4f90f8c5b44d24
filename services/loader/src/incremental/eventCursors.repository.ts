import { TABLES, type Knex } from '@datasync/db';
import type { RecentEventsJson } from '@datasync/providers';

type Db = Knex | Knex.Transaction;

/** Where one (account, destination table) stands in the provider's event stream. */
export interface EventCursor {
  accountId: string;
  destinationId: string;
  tableName: string;
  /** The completed run the events continue from. */
  runId: string | null;
  /** The newest event whose changes are committed; null until one was seen. */
  cursor: string | null;
  /** Unix seconds: where a walk without a cursor starts. */
  createdGte: number;
  resyncRunId: string | null;
  sweepBefore: Date | null;
  polledAt: Date | null;
  /** Events applied within the look-back window (see RecentEvents). */
  recentEvents: RecentEventsJson | null;
}

interface EventCursorRow {
  account_id: string;
  destination_id: string;
  table_name: string;
  run_id: string | null;
  cursor: string | null;
  created_gte: string;
  resync_run_id: string | null;
  sweep_before: Date | null;
  polled_at: Date | null;
  recent_events: RecentEventsJson | null;
}

function toCursor(row: EventCursorRow): EventCursor {
  return {
    accountId: row.account_id,
    destinationId: row.destination_id,
    tableName: row.table_name,
    runId: row.run_id,
    cursor: row.cursor,
    createdGte: Number(row.created_gte),
    resyncRunId: row.resync_run_id,
    sweepBefore: row.sweep_before,
    polledAt: row.polled_at,
    recentEvents: row.recent_events,
  };
}

export interface TableKey {
  accountId: string;
  destinationId: string;
  tableName: string;
}

const keyOf = (key: TableKey) => ({ account_id: key.accountId, destination_id: key.destinationId, table_name: key.tableName });

export async function findCursors(db: Db, accountId: string): Promise<Map<string, EventCursor>> {
  const rows = (await db(TABLES.eventCursors).where({ account_id: accountId })) as EventCursorRow[];
  return new Map(rows.map((row) => [`${row.destination_id}/${row.table_name}`, toCursor(row)]));
}

/**
 * Starts the table's cursor over from a completed run: no event id yet, a walk from `createdGte`.
 * Clears a finished resync's marks. Creates the row when missing.
 */
export async function restartCursor(
  db: Db,
  key: TableKey & { environmentId: string },
  values: { runId: string; createdGte: number },
): Promise<void> {
  await db(TABLES.eventCursors)
    .insert({ ...keyOf(key), environment_id: key.environmentId, run_id: values.runId, created_gte: values.createdGte })
    .onConflict(['account_id', 'destination_id', 'table_name'])
    .merge({
      run_id: values.runId,
      cursor: null,
      created_gte: values.createdGte,
      resync_run_id: null,
      sweep_before: null,
      recent_events: null,
      updated_at: db.fn.now(),
    });
}

/** Records the newest event applied (its changes are committed in the destination). */
export async function advanceCursor(db: Db, key: TableKey, values: { cursor: string; events: number }): Promise<void> {
  await db(TABLES.eventCursors)
    .where(keyOf(key))
    .update({ cursor: values.cursor, events_applied: db.raw('events_applied + ?', [values.events]), updated_at: db.fn.now() });
}

/**
 * The events applied within the look-back window, once per walk (the poll's transaction commits
 * it with the cursor); `applied` counts the late ones the look-back applied.
 */
export async function saveRecentEvents(db: Db, key: TableKey, recent: RecentEventsJson | null, applied: number): Promise<void> {
  await db(TABLES.eventCursors)
    .where(keyOf(key))
    .update({
      recent_events: recent === null ? null : JSON.stringify(recent),
      events_applied: db.raw('events_applied + ?', [applied]),
      updated_at: db.fn.now(),
    });
}

/** The poll that started at `at` reached the end of the stream: the table is fresh as of then. */
export async function markPolled(db: Db, key: TableKey, at: Date): Promise<void> {
  await db(TABLES.eventCursors).where(keyOf(key)).update({ polled_at: at, updated_at: db.fn.now() });
}

/**
 * markPolled for several tables of an account in one statement, for a poll that ran without the
 * account's lock (quietPoll): a full poll may have marked a later time meanwhile, which stays.
 */
export async function markTablesPolled(
  db: Db,
  accountId: string,
  tables: readonly { destinationId: string; tableName: string }[],
  at: Date,
): Promise<void> {
  await db(TABLES.eventCursors)
    .where({ account_id: accountId })
    .whereIn(
      ['destination_id', 'table_name'],
      tables.map((t) => [t.destinationId, t.tableName]),
    )
    .update({ polled_at: db.raw('greatest(polled_at, ?::timestamptz)', [at]), updated_at: db.fn.now() });
}

/**
 * Marks the table as resyncing through `resyncRunId`: once that run completes, rows older than
 * `sweepBefore` it did not rewrite are swept. Creates the row (with `createdGte`) when missing.
 */
export async function markResync(
  db: Db,
  key: TableKey & { environmentId: string },
  values: { resyncRunId: string; sweepBefore: Date; createdGte: number },
): Promise<void> {
  await db(TABLES.eventCursors)
    .insert({
      ...keyOf(key),
      environment_id: key.environmentId,
      created_gte: values.createdGte,
      resync_run_id: values.resyncRunId,
      sweep_before: values.sweepBefore,
    })
    .onConflict(['account_id', 'destination_id', 'table_name'])
    .merge({ resync_run_id: values.resyncRunId, sweep_before: values.sweepBefore, updated_at: db.fn.now() });
}
