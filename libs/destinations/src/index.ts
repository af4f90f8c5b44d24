export { destinationsEnv, type DestinationsEnvConfig } from './config';
export { ConnectionStringError, DestinationError, type FailureCode } from './errors';
export {
  DEFAULT_CONNECT_TIMEOUT_SECONDS,
  DEFAULT_SSL_MODE,
  MAX_CONNECT_TIMEOUT_SECONDS,
  sslModes,
  type ConnectionFields,
  type SslMode,
} from './connectionString/fields';
export { parseConnectionString } from './connectionString/parse';
export { maskConnectionString } from './connectionString/mask';
export { classifyAddress, isAllowedClass, type AddressClass } from './network/addressClass';
export { resolveDestinationHost, type LookupFn, type ResolvedAddress, type ResolveOptions } from './network/resolveHost';
export { engineNames, getEngine, isEngineName } from './engines/registry';
export type { ColumnDefinition, SqlDialect } from './engines/dialect';
export type {
  DestinationHandle,
  EngineDefinition,
  EngineName,
  MysqlHandle,
  PostgresHandle,
  QueryResult,
  SqlEngine,
} from './engines/types';
export { connect, toDestinationError, type ConnectOptions } from './connect';
export { checkDestination, type CheckOptions, type CheckResult } from './check/checkDestination';
export { ensureTable, type EnsureTableResult, type TableSpec } from './ddl/ensureTable';
export { primaryKey, tableColumns } from './ddl/tableColumns';
