import { tableColumns } from '../../ddl/tableColumns';
import type { SqlEngine, SqlHandle } from '../types';
import { maskSqlConnectionString } from './maskSql';
import { parseSqlConnectionString } from './parseSql';
import { checkSql } from './sqlCheck';
import { markSqlDeleted, markSqlUnseenDeleted, purgeSqlAccount, readSqlStoredVersions } from './sqlRows';
import { insertSqlClaim, readSqlClaim, replaceSqlClaim } from './sqlOwners';
import { ensureSqlTable, sqlTableExists } from './sqlTable';
import { readSqlLiveInWindow, readSqlStoredStates } from './sqlVerifyReads';

/** What a relational engine's folder provides: the rest is the shared SQL implementation over its dialect. */
export type SqlEngineSpec<H extends SqlHandle> = Pick<
  SqlEngine<H>,
  | 'name'
  | 'label'
  | 'schemes'
  | 'defaultPort'
  | 'acceptsSchemaParameter'
  | 'defaultSchema'
  | 'dialect'
  | 'open'
  | 'classifyError'
  | 'createWriter'
  | 'checkPrivileges'
  | 'inspectSchema'
  | 'missingPrivileges'
>;

/**
 * A relational engine from its folder's parts: parsing, the check, the DDL, soft deletes, purge
 * and stored-version reads are the same statements in every SQL engine, written by its dialect.
 */
export function sqlEngine<H extends SqlHandle>(spec: SqlEngineSpec<H>): SqlEngine<H> {
  const engine: SqlEngine<H> = {
    ...spec,
    kind: 'sql',
    schemaIsDatabase: !spec.acceptsSchemaParameter,
    parse: (text) => parseSqlConnectionString(spec, text),
    mask: (fields) => maskSqlConnectionString(spec, fields),
    check: (handle, fields) => checkSql(engine, handle, fields),
    ensureTable: (handle, schema, table) => ensureSqlTable(engine, handle, schema, table),
    columns: (table) => tableColumns(spec.dialect, table),
    markDeleted: (handle, options) => markSqlDeleted(engine, handle, options),
    purgeAccount: (handle, options) => purgeSqlAccount(engine, handle, options),
    readStoredVersions: (handle, options) => readSqlStoredVersions(engine, handle, options),
    markUnseenDeleted: (handle, options) => markSqlUnseenDeleted(engine, handle, options),
    readStoredStates: (handle, options) => readSqlStoredStates(engine, handle, options),
    readLiveInWindow: (handle, options) => readSqlLiveInWindow(engine, handle, options),
    tableExists: (handle, schema, table) => sqlTableExists(engine, handle, schema, table),
    readTableClaim: (handle, schema, table) => readSqlClaim(engine, handle, schema, table),
    insertTableClaim: (handle, schema, claim) => insertSqlClaim(engine, handle, schema, claim),
    replaceTableClaim: (handle, schema, previous, next) => replaceSqlClaim(engine, handle, schema, previous, next),
    // A database table is whole after every committed batch: nothing to close.
    finishRun: () => Promise.resolve(),
  };
  return engine;
}
