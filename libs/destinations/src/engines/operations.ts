import type { FailureCode } from '../errors';
import type { ColumnValue, TableColumn, TableSpec } from '../tableSpec';
import type { EngineName } from './engineNames';

/** A column as the DDL writes it (s3: as its part files type it). */
export interface ColumnDefinition {
  name: string;
  /** The engine's type, from its dialect (`bigint`, `varchar(255)`, `jsonb`…). */
  sqlType: string;
  nullable: boolean;
}

/** What the connection check found: nothing wrong, or a code and a message saying what to fix. */
export type CheckResult = { ok: true } | { ok: false; code: FailureCode; message: string };

export type { TableSpec };

export interface EnsureTableResult {
  /** The table did not exist before. */
  created: boolean;
  /** Columns added to an existing table because the spec gained them. */
  addedColumns: string[];
}

export interface DeletedObject {
  accountId: string;
  id: string;
  /** When the provider deleted it (the event's `created`). */
  sourceTs: Date;
}

export interface MarkDeletedOptions {
  engine: EngineName;
  schema: string;
  /** The table's spec: s3 writes tombstone parts with the same columns as the others. */
  spec: TableSpec;
  objects: readonly DeletedObject[];
}

export interface PurgeOptions {
  engine: EngineName;
  schema: string;
  table: string;
  accountId: string;
  /** Rows deleted per statement: each batch is its own short transaction. */
  batchSize: number;
  /** Called after every batch with the running total, for progress reports. */
  onBatch?: (deletedSoFar: number) => void;
}

/** One account's rows of one table. */
export interface AccountTable {
  schema: string;
  table: string;
  accountId: string;
}

export interface StoredVersionsOptions extends AccountTable {
  /** The object ids asked about. */
  ids: readonly string[];
}

/** The stored state of one object, as a verification compares it with the provider's. */
export interface StoredState {
  /** `_source_ts`, epoch ms. */
  sourceTs: number;
  deleted: boolean;
  /**
   * Whether the stored object (`data`) has the same content as `object`, whatever the order of
   * their keys, and (when the options gave the typed columns and values) its typed columns the
   * values given for its id.
   */
  holds(object: unknown): boolean;
}

export interface StoredStatesOptions extends AccountTable {
  /** The object ids asked about. */
  ids: readonly string[];
  /**
   * The objects `holds` will be asked about, by id. A database then compares digests computed on
   * its side and sends a stored value only where they differ (engines/sql/storedDigest.ts).
   */
  objects?: ReadonlyMap<string, unknown>;
  /**
   * The table's typed columns, and by id the values the provider coerced from each listed object
   * (in the columns' order): `holds` then also asks that the row's typed columns hold them (a
   * column altered or emptied in the destination is drift, not only `data`).
   */
  columns?: readonly TableColumn[];
  values?: ReadonlyMap<string, readonly ColumnValue[]>;
  /** See CreatedWindowOptions.readSession. */
  readSession?: string;
}

/** One account's rows whose object was created in [createdGte, createdLt). */
export interface CreatedWindowOptions extends AccountTable {
  createdGte: Date;
  createdLt: Date;
  /**
   * The caller's read of the table (a verification job's slice): an engine that reads the
   * account's whole table at once (s3) answers the reads of one session from one read, and reads
   * again for another session. Without one it may answer from any earlier read of the handle.
   */
  readSession?: string;
}

export interface UnseenRowsOptions extends AccountTable {
  /** Rows whose state is older than this, and not deleted yet, are marked deleted. */
  before: Date;
}

/** A backfill run of one table and account whose segments are all written. */
export interface FinishRunOptions {
  engine: EngineName;
  /** For s3, the key prefix (the connection's `schema`). */
  schema: string;
  table: string;
  accountId: string;
  runId: string;
}
