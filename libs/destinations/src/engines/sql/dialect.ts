import type { ColumnType } from '../../tableSpec';
import type { ColumnDefinition } from '../operations';

export type { ColumnDefinition };

/**
 * The SQL text of one engine: the DDL and the writer's statements. The connection check runs
 * exactly these, so a passing check means the writers' statements work there. Identifiers are
 * always quoted; values are always bound with `placeholder`.
 */
export interface SqlDialect {
  quoteIdent(name: string): string;
  /** `schema.table`, quoted. */
  table(schema: string, table: string): string;
  /** How a staging table (a session's temporary table) is named in statements. */
  stagingTable(schema: string, staging: string): string;
  /** The bound-value marker for the 1-based `index`th value. */
  placeholder(index: number): string;
  /** The engine's SQL type of a neutral column type. */
  columnType(type: ColumnType): string;

  createTable(schema: string, table: string, columns: readonly ColumnDefinition[], primaryKey: readonly string[]): string;
  /** Selects `column_name` of every column of the table; values: schema, table. */
  listColumns(): string;
  addColumns(schema: string, table: string, columns: readonly ColumnDefinition[]): string;
  dropTable(schema: string, table: string): string;

  /**
   * A session-temporary table shaped like `table`. `emptiedOnCommit`: its rows vanish at every
   * commit (Postgres ON COMMIT DELETE ROWS), so a writer needs no TRUNCATE per batch; MySQL
   * has no such clause and ignores it.
   */
  createStagingTable(schema: string, table: string, staging: string, options?: { emptiedOnCommit?: boolean }): string;
  dropStagingTable(schema: string, staging: string): string;
  /** A multi-row INSERT into `target` (already quoted) of `rowCount` rows of `columns`. */
  insertRows(target: string, columns: readonly string[], rowCount: number): string;
  /**
   * Moves the staging rows into the table: insert, or on the same key update every column,
   * but only when the staged `_source_ts` is not older than the stored one.
   */
  upsertFromStaging(schema: string, table: string, staging: string, columns: readonly string[], primaryKey: readonly string[]): string;
  /**
   * A multi-row INSERT of `rowCount` rows of `columns` with the same `_source_ts` guard as
   * `upsertFromStaging`; on a conflict only `updateColumns` (default: every non-key column) change.
   */
  upsertRows(
    schema: string,
    table: string,
    columns: readonly string[],
    primaryKey: readonly string[],
    rowCount: number,
    updateColumns?: readonly string[],
  ): string;
  /** Soft delete of one object; values: synced at, account id, object id. */
  markDeleted(schema: string, table: string): string;
  /** Deletes at most `limit` rows of one account (purge runs it until nothing is left); value: account id. */
  purgeAccountBatch(schema: string, table: string, limit: number): string;
  /** Reads one account's rows ordered by id; value: account id. */
  selectAccountRows(schema: string, table: string, columns: readonly string[]): string;
}

const SQL_TYPE = /^[a-z][a-z0-9_ ]*(\(\d+(,\s*\d+)?\))?$/i;

/** Types are pasted into DDL, so they must look like a type even though they come from a dialect's table. */
export function checkedType(type: string): string {
  if (!SQL_TYPE.test(type)) throw new Error(`not a column type: ${type}`);
  return type;
}

/** Quotes an identifier with `quote`, doubling it inside, for both engines' rules. */
export function quoteWith(quote: '"' | '`', name: string): string {
  if (name.length === 0 || name.length > 64 || name.includes('\0')) throw new Error(`not an identifier: ${JSON.stringify(name)}`);
  return quote + name.split(quote).join(quote + quote) + quote;
}
