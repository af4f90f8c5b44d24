import type { Connection as MysqlConnection } from 'mysql2/promise';
import type { Client as PgClient } from 'pg';
import type { ConnectionFields } from '../connectionString/fields';
import type { LookupFn } from '../network/resolveHost';
import type { FailureCode } from '../errors';
import type { SqlDialect } from './dialect';
import type { S3Handle } from './s3/s3Handle';
import type { BlobFormat } from './s3/s3Settings';

export type SqlEngineName = 'postgres' | 'mysql';
export type EngineName = SqlEngineName | 's3';

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
  close(): Promise<void>;
}

export interface PostgresHandle extends SqlHandleBase {
  readonly engine: 'postgres';
  /** The driver's client, for what `query` cannot do (COPY streams). */
  readonly client: PgClient;
}

export interface MysqlHandle extends SqlHandleBase {
  readonly engine: 'mysql';
  readonly connection: MysqlConnection;
  /**
   * Runs one statement as a server-side prepared statement, cached on the connection by its
   * text: values travel in the binary protocol, never formatted into SQL (the writer's bulk path).
   */
  execute(sql: string, params: readonly unknown[]): Promise<QueryResult>;
}

export type SqlHandle = PostgresHandle | MysqlHandle;

export type { S3Handle };

/** An open destination of any engine: what connect returns and the writers, DDL and purge take. */
export type DestinationHandle = SqlHandle | S3Handle;

/** Where and how to open a connection: the guard has already resolved and approved `address`. */
export interface OpenTarget {
  fields: ConnectionFields;
  address: string;
  connectTimeoutMs: number;
  /** Server-side bound on each statement; none when omitted. */
  statementTimeoutMs?: number;
  /**
   * The guard's settings, for engines whose requests may go to further host names (S3's
   * virtual-hosted buckets and region redirects): each passes the same guard. Refused when omitted.
   */
  allowPrivateNetworks?: boolean;
  lookup?: LookupFn;
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
  | 'create_table'
  | 'alter_table'
  | 'create_staging'
  | 'insert'
  | 'upsert'
  | 'update'
  | 'select'
  | 'delete'
  | 'drop_staging'
  | 'drop';

/** The privileges a check step needs in one engine, for naming what is missing. */
export type StepPrivileges = Pick<PrivilegeNeed, 'privileges' | 'on'>;

interface EngineBase {
  name: EngineName;
  /** Shown in messages and the dashboard. */
  label: string;
  /** Connection-string schemes, the canonical one first. */
  schemes: readonly string[];
  defaultPort: number;
  /** Maps a driver error (SQLSTATE, errno, TLS, S3 error code) to a failure code, or undefined if unknown. */
  classifyError(err: unknown): ClassifiedError | undefined;
}

/** A relational engine. Adding one is one folder and one registry line. */
export interface SqlEngine extends EngineBase {
  kind: 'sql';
  name: SqlEngineName;
  /** Postgres has schemas inside a database; MySQL's schema is the database itself. */
  acceptsSchemaParameter: boolean;
  defaultSchema?: string;
  dialect: SqlDialect;
  open(target: OpenTarget): Promise<SqlHandle>;
  /** Whether the target schema exists and which of USAGE/CREATE the user lacks on it. */
  inspectSchema(handle: SqlHandle, schema: string): Promise<SchemaAccess>;
  /** What each check step needs; steps absent here need nothing the user could lack (ownership). */
  checkPrivileges: Partial<Record<CheckStep, StepPrivileges>>;
  /** After a permission error: which of `need.privileges` the user lacks, asked of the server. */
  missingPrivileges(handle: SqlHandle, need: PrivilegeNeed, err: unknown): Promise<string[]>;
}

/**
 * Blob storage (s3): the same parsing, network guard and connect as the databases, its own
 * layout (folders of part files instead of tables; see engines/s3).
 */
export interface BlobEngine extends EngineBase {
  kind: 'blob';
  name: 's3';
  formats: readonly BlobFormat[];
  /** Probes the approved address (TCP, and whether it speaks TLS) and builds a client bound to it. */
  open(target: OpenTarget): Promise<S3Handle>;
}

export type EngineDefinition = SqlEngine | BlobEngine;
