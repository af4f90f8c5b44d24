export { destinationsEnv, type DestinationsEnvConfig } from './config';
export { ConnectionStringError, DestinationError, type FailureCode } from './errors';
export {
  DEFAULT_CONNECT_TIMEOUT_SECONDS,
  DEFAULT_SSL_MODE,
  MAX_CONNECT_TIMEOUT_SECONDS,
  sslModes,
  type ConnectionFields,
  type SqlConnectionFields,
  type SslMode,
} from './connectionString/fields';
export { parseConnectionString } from './connectionString/parse';
export { maskConnectionString } from './connectionString/mask';
export { classifyAddress, isAllowedClass, type AddressClass } from './network/addressClass';
export { resolveDestinationHost, type LookupFn, type ResolvedAddress, type ResolveOptions } from './network/resolveHost';
export { engineNames, getEngine, isEngineName, type RegisteredEngines } from './engines/registry';
export type { ColumnDefinition, SqlDialect } from './engines/sql/dialect';
export { engineOf, type AnyEngine } from './engines/registry';
export type {
  DestinationEngine,
  DestinationHandle,
  EngineDefinition,
  EngineName,
  EngineTypes,
  QueryResult,
  SqlEngine,
  SqlEngineName,
  SqlHandle,
} from './engines/types';
export type { PostgresHandle } from './engines/postgres/postgresHandle';
export type { MysqlHandle } from './engines/mysql/mysqlHandle';
export type { BlobEngine, S3ConnectionFields, S3Handle } from './engines/s3/s3Handle';
export { connect, toDestinationError, type ConnectOptions } from './connect';
export { DEFAULT_READ_BOUNDS, readBounds, type ReadBounds } from './bounds/readBounds';
export { checkDestination, type CheckOptions, type CheckResult } from './check/checkDestination';
export { ensureTable, type EnsureTableResult } from './ddl/ensureTable';
export {
  columnTypes,
  commonColumnNames,
  commonColumns,
  type ColumnType,
  type ColumnValue,
  type CommonColumn,
  type TableColumn,
  type TableSpec,
} from './tableSpec';
export { primaryKey, tableColumns } from './ddl/tableColumns';
export { destinationColumns } from './ddl/destinationColumns';
export { tableExists } from './ddl/tableExists';
export { createWriter } from './writers/createWriter';
export type { PartKey, WriteBatchOptions, WriteResult, WriteRow, Writer, WriterOptions } from './writers/writeRow';
export { writerColumns } from './writers/rowValues';
export { markDeleted, type DeletedObject, type MarkDeletedOptions } from './writers/markDeleted';
export { markUnseenDeleted, readStoredVersions, type StoredVersionsOptions, type UnseenRowsOptions } from './writers/storedVersions';
export {
  readLiveInWindow,
  readStoredStates,
  type CreatedWindowOptions,
  type StoredState,
  type StoredStatesOptions,
} from './writers/storedStates';
export { contentDigest } from './writers/contentDigest';
export { sameContent } from './writers/sameContent';
export { finishRun, type FinishRunOptions } from './writers/finishRun';
export { purgeAccount, type PurgeOptions } from './purge/purgeAccount';
export {
  claimTable,
  mayTouchTable,
  readTableClaim,
  type ClaimOptions,
  type ClaimOutcome,
  type OwnerKey,
  type TouchVerdict,
} from './ownership/claimTable';
export { TableOwnedError } from './ownership/tableOwnedError';
export { describeOwner, OWNERS_TABLE, sameOwner, type TableClaim, type TableOwner } from './ownership/tableOwner';
export { blobFormats, DEFAULT_BLOB_FORMAT, type BlobFormat, type S3Settings } from './engines/s3/s3Settings';
export { blobColumns, type BlobColumn, type ParquetType } from './engines/s3/s3Columns';
export { accountFolder, schemaKey, tableFolder } from './engines/s3/s3Layout';
export {
  createS3Writer,
  DEFAULT_PART_MAX_BYTES,
  DEFAULT_PART_MAX_ROWS,
  type PartInfo,
  type S3WriteResult,
  type S3Writer,
  type S3WriterOptions,
} from './engines/s3/writer/s3Writer';
export { getText, listAll, type StoredObject } from './engines/s3/s3Objects';
