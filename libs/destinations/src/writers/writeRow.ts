import type { EngineName } from '../engines/engineNames';
import type { ColumnValue, TableSpec } from '../tableSpec';

/**
 * One provider object's state, as read from a list page or an event, made by the provider
 * (`toWriteRow` in libs/providers): the destination stores it without reading the object.
 */
export interface WriteRow {
  /** The account's identifier: the `account_id` column. */
  accountId: string;
  /** The whole provider object; its `id` is the row's `id`. */
  object: Record<string, unknown>;
  /**
   * `object` as the JSON text it was read as, when the reader has it: stored as `data` instead of
   * serialising `object` again. It must be the text of exactly `object` (completed lists included).
   */
  dataJson?: string;
  /**
   * The spec's typed columns' values, in the spec's column order, already coerced by the
   * provider (ColumnValue says what each type holds). One per column, or the batch is refused.
   */
  values: readonly ColumnValue[];
  /** When the provider produced this state; an older state never overwrites a newer one. */
  sourceTs: Date;
  /** The object no longer exists at the provider (soft delete). */
  deleted?: boolean;
}

export interface WriteResult {
  /** Distinct (account_id, id) rows the batch carried; each is now stored at that state or a newer one. */
  written: number;
}

/** Where a batch sits in a run, so that writing it again (a retry) produces the same part files. */
export interface PartKey {
  /** The backfill run's id, or the name of an incremental stream: letters, digits and "-". */
  runId: string;
  /** The segment of the run. */
  segment: number;
  /** The batch's place in the segment that a retry reproduces: a page number, or the cursor the page was read after ('' first). */
  sequence: number | string;
}

export interface WriteBatchOptions {
  /**
   * Blob destinations (s3) name the batch's part files from it, so a retried batch overwrites its
   * own parts instead of adding duplicates; without it they are named from the content. Databases
   * ignore it: their upsert is idempotent by key.
   */
  partKey?: PartKey;
  /**
   * The rows are most likely not in the table yet (the pages of an account's first backfill). A
   * Postgres writer then COPYs them straight into the table, which costs its server about half
   * of the staging table and upsert, and writes the batch through the upsert after all when one
   * of them is there. Only a hint: the rows stored are the same either way.
   */
  likelyNew?: boolean;
}

export interface Writer {
  /**
   * Writes the batch in one transaction: all of it or, when it throws, nothing. For s3, every
   * part file of the batch is durably stored when it resolves; after a throw some may be, and a
   * retry with the same part key overwrites them.
   */
  writeBatch(rows: readonly WriteRow[], options?: WriteBatchOptions): Promise<WriteResult>;
  /** Releases what the writer holds on the connection; the connection itself stays open. */
  close(): Promise<void>;
}

export interface WriterOptions {
  engine: EngineName;
  schema: string;
  /** The table's spec; ensureTable must have run for it with these columns. */
  spec: TableSpec;
  /** MySQL: upper bound of one statement, below the server's max_allowed_packet (read from it when omitted). */
  maxStatementBytes?: number;
}

/** A row after validation: the object's id read and checked once. */
export interface KeyedRow extends WriteRow {
  id: string;
}

function keyed(row: WriteRow, columnCount: number): KeyedRow {
  const id = row.object.id;
  if (typeof id !== 'string' || id.length === 0) throw new TypeError('writeBatch: an object without a string id');
  if (typeof row.accountId !== 'string' || row.accountId.length === 0) throw new TypeError('writeBatch: a row without an account id');
  if (!(row.sourceTs instanceof Date) || Number.isNaN(row.sourceTs.getTime())) {
    throw new TypeError(`writeBatch: object ${id} has no valid sourceTs`);
  }
  // Values in the wrong places would land in the wrong columns without a word: refuse the batch.
  if (row.values.length !== columnCount) {
    throw new TypeError(`writeBatch: object ${id} has ${row.values.length} typed values for ${columnCount} columns`);
  }
  return { ...row, id };
}

const byKey = (a: KeyedRow, b: KeyedRow): number =>
  a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * One row per (account_id, id), the newest state of each (on equal `sourceTs` the later one in
 * the batch, as it was read later), sorted by key. A key twice in one statement is an error in
 * Postgres ("cannot affect row a second time"), and a fixed key order keeps concurrent writers
 * from deadlocking on each other's row locks. Every row must carry one value per typed column of
 * the spec (`columnCount`).
 */
export function newestPerKey(rows: readonly WriteRow[], columnCount: number): KeyedRow[] {
  const newest = new Map<string, KeyedRow>();
  for (const row of rows) {
    const k = keyed(row, columnCount);
    // NUL separates safely: neither identifiers nor provider ids can contain it.
    const key = `${k.accountId}\0${k.id}`;
    const seen = newest.get(key);
    if (!seen || seen.sourceTs.getTime() <= k.sourceTs.getTime()) newest.set(key, k);
  }
  return [...newest.values()].sort(byKey);
}
