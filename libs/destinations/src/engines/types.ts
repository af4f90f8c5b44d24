import type { ReadBounds } from '../bounds/readBounds';
import type { LookupFn } from '../network/resolveHost';
import type { FailureCode } from '../errors';
import type { ConnectionFields, SqlConnectionFields } from '../connectionString/fields';
import type { Writer, WriterOptions } from '../writers/writeRow';
import type { EngineName, EngineTypes, SqlEngineName } from './engineNames';
import type {
  CheckResult,
  ColumnDefinition,
  CreatedWindowOptions,
  EnsureTableResult,
  FinishRunOptions,
  MarkDeletedOptions,
  PurgeOptions,
  StoredState,
  StoredStatesOptions,
  StoredVersionsOptions,
  TableSpec,
  UnseenRowsOptions,
} from './operations';
import type { SqlDialect } from './sql/dialect';
import type { TableClaim } from '../ownership/tableOwner';

export type { EngineName, EngineTypes, SqlEngineName };

export interface QueryResult {
  rows: Record<string, unknown>[];
  /** Rows returned, or rows affected by a write (MySQL counts an upsert's update as 2). */
  rowCount: number;
}

/** An open connection to a relational destination; the check, DDL and writers use only this. */
export interface SqlHandleBase {
  readonly engine: SqlEngineName;
  /** Runs one statement with bound values ($1… for Postgres, ? for MySQL: see the dialect). */
  query(sql: string, params?: readonly unknown[]): Promise<QueryResult>;
  /** What one read of the destination's content may take in (DEFAULT_READ_BOUNDS when absent). */
  readonly readBounds?: ReadBounds;
  close(): Promise<void>;
}

/** An open connection to a relational destination. */
export type SqlHandle = EngineTypes[SqlEngineName]['handle'];

/** An open destination of any engine: what connect returns and the writers, DDL and purge take. */
export type DestinationHandle = EngineTypes[EngineName]['handle'];

/** Any engine's definition, as the registry holds it. */
export type EngineDefinition = EngineTypes[EngineName]['definition'];

/** Where and how to open a connection: the guard has already resolved and approved `address`. */
export interface OpenTarget {
  fields: ConnectionFields;
  address: string;
  connectTimeoutMs: number;
  /** Server-side bound on each statement; none when omitted. */
  statementTimeoutMs?: number;
  /** Server-side bound on a session idle inside a transaction (Postgres); see ABANDONED_TRANSACTION_MS. */
  abandonedTransactionMs?: number;
  /**
   * The guard's settings, for engines whose requests may go to further host names (S3's
   * virtual-hosted buckets and region redirects): each passes the same guard. Refused when omitted.
   */
  allowPrivateNetworks?: boolean;
  lookup?: LookupFn;
  /** What one read of the destination's content may take in; DEFAULT_READ_BOUNDS when omitted. */
  readBounds?: ReadBounds;
}

/** A driver error recognised as one of the failure codes; `detail` is the server's own text. */
export interface ClassifiedError {
  code: FailureCode;
  detail?: string;
}

export interface SchemaAccess {
  exists: boolean;
  /** Privileges on the schema that creating tables needs and the user lacks. */
  missing: string[];
}

/** What a statement needed that the user may lack, for naming the missing privilege. */
export interface PrivilegeNeed {
  /** Privileges the statement needs, in the engine's words (`CREATE`, `DELETE`, `TEMPORARY`…). */
  privileges: readonly string[];
  /** What they apply to. */
  on: 'schema' | 'database' | 'table';
  schema: string;
  database: string;
  /** The table the statement touched, when `on` is `table`. */
  table?: string;
}

/** The statements the connection check runs, in order: the writer's own. */
export type CheckStep =
  'create_table' | 'alter_table' | 'create_staging' | 'insert' | 'upsert' | 'update' | 'select' | 'delete' | 'drop_staging' | 'drop';

/** The privileges a check step needs in one engine, for naming what is missing. */
export type StepPrivileges = Pick<PrivilegeNeed, 'privileges' | 'on'>;

/**
 * What every engine does, on its own handle `H` and connection fields `F`. Generic code looks the
 * engine up in the registry and calls these; it never asks which engine it has. Adding an engine
 * is one folder implementing this and one line in the registry.
 */
/** What every handle has: the name of the engine that opened it, and a way to close it. */
export interface HandleBase {
  readonly engine: EngineName;
  close(): Promise<void>;
}

export interface DestinationEngine<H extends HandleBase, F extends { engine: EngineName }> {
  name: EngineName;
  /** Shown in messages and the dashboard. */
  label: string;
  /** Connection-string schemes, the canonical one first. */
  schemes: readonly string[];
  defaultPort: number;
  /** Whether messages call the schema a database (MySQL's schema is the database itself). */
  schemaIsDatabase: boolean;

  /** Parses the engine's connection string; throws ConnectionStringError naming the problem, never the secret. */
  parse(text: string): F;
  /** The connection string for display, the secret replaced by •••. */
  mask(fields: F): string;
  /** Connects to the address the network guard approved. */
  open(target: OpenTarget): Promise<H>;
  /** Maps a driver error (SQLSTATE, errno, TLS, S3 error code) to a failure code, or undefined if unknown. */
  classifyError(err: unknown): ClassifiedError | undefined;

  /** The connection check on an open handle: the writer's own operations on scratch data, always cleaned up. */
  check(handle: H, fields: F): Promise<CheckResult>;
  /** Creates the spec's table (or its description) if missing, and adds the columns the spec gained. */
  ensureTable(handle: H, schema: string, spec: TableSpec): Promise<EnsureTableResult>;
  /** The table's columns as this engine stores them, for display. */
  columns(spec: Pick<TableSpec, 'columns'>): ColumnDefinition[];
  createWriter(handle: H, options: WriterOptions): Writer;
  /** Soft-deletes objects known only by id, guarded by `_source_ts` like every write. */
  markDeleted(handle: H, options: MarkDeletedOptions): Promise<{ marked: number }>;
  /** Deletes every row (or object) of one account from one table; returns how many went. */
  purgeAccount(handle: H, options: PurgeOptions): Promise<number>;
  /**
   * The `_source_ts` (epoch ms) stored for each of the ids that has a row. Engines that keep every
   * state rather than the latest (s3) have nothing to compare with: an empty map.
   */
  readStoredVersions(handle: H, options: StoredVersionsOptions): Promise<Map<string, number>>;
  /**
   * The newest stored state (`_source_ts`, deleted, the object) of each of the ids that has one:
   * what a verification compares with the provider's listing.
   */
  readStoredStates(handle: H, options: StoredStatesOptions): Promise<Map<string, StoredState>>;
  /**
   * The `_source_ts` (epoch ms) of each of the account's objects created in the window whose
   * newest state is not deleted: what a verification expects the provider to list there.
   */
  readLiveInWindow(handle: H, options: CreatedWindowOptions): Promise<Map<string, number>>;
  /** Marks deleted the account's live rows older than `before` (the end of a resync); returns how many. */
  markUnseenDeleted(handle: H, options: UnseenRowsOptions): Promise<number>;
  /** Whether the table exists (a collection whose mount failed has none). */
  tableExists(handle: H, schema: string, table: string): Promise<boolean>;
  /** The table's ownership marker (ownership/claimTable.ts), or undefined when it has none. */
  readTableClaim(handle: H, schema: string, table: string): Promise<TableClaim | undefined>;
  /** Writes the marker only if the table has none, atomically; false when another was there first. */
  insertTableClaim(handle: H, schema: string, claim: TableClaim): Promise<boolean>;
  /** Replaces the marker only if it is still `previous`, atomically; false when it changed. */
  replaceTableClaim(handle: H, schema: string, previous: TableClaim, next: TableClaim): Promise<boolean>;
  /** Closes a completed backfill run of one table and account (s3: its manifest); idempotent. */
  finishRun(handle: H, options: FinishRunOptions): Promise<void>;
}

/** A relational engine: the operations come from the shared SQL implementation and its dialect. */
export interface SqlEngine<H extends SqlHandleBase = SqlHandle> extends DestinationEngine<H, SqlConnectionFields> {
  kind: 'sql';
  name: SqlEngineName;
  /** Postgres has schemas inside a database; MySQL's schema is the database itself. */
  acceptsSchemaParameter: boolean;
  defaultSchema?: string;
  dialect: SqlDialect;
  /** Whether the target schema exists and which of USAGE/CREATE the user lacks on it. */
  inspectSchema(handle: SqlHandle, schema: string): Promise<SchemaAccess>;
  /** What each check step needs; steps absent here need nothing the user could lack (ownership). */
  checkPrivileges: Partial<Record<CheckStep, StepPrivileges>>;
  /** After a permission error: which of `need.privileges` the user lacks, asked of the server. */
  missingPrivileges(handle: SqlHandle, need: PrivilegeNeed, err: unknown): Promise<string[]>;
}
