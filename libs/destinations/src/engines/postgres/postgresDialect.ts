import type { ColumnType } from '../../tableSpec';
import { checkedType, quoteWith, type ColumnDefinition, type SqlDialect } from '../sql/dialect';

const columnTypes: Record<ColumnType, string> = {
  text: 'text',
  long_text: 'text',
  bigint: 'bigint',
  integer: 'integer',
  boolean: 'boolean',
  timestamp: 'timestamptz',
  json: 'jsonb',
};

const q = (name: string): string => quoteWith('"', name);
const table = (schema: string, name: string): string => `${q(schema)}.${q(name)}`;
const columnSql = (c: ColumnDefinition): string => `${q(c.name)} ${checkedType(c.sqlType)}${c.nullable ? '' : ' NOT NULL'}`;
const valueRows = (columnCount: number, rowCount: number): string =>
  Array.from(
    { length: rowCount },
    (_, r) => `(${Array.from({ length: columnCount }, (_c, i) => `$${r * columnCount + i + 1}`).join(', ')})`,
  ).join(', ');

// Equal `_source_ts` overwrites: the same state written again (a retried batch) changes nothing,
// and a re-fetch made to settle a same-second tie must win over what it settles.
function onConflict(columns: readonly string[], primaryKey: readonly string[], updateColumns = columns): string {
  const updates = updateColumns.filter((c) => !primaryKey.includes(c)).map((c) => `${q(c)} = EXCLUDED.${q(c)}`);
  return (
    `ON CONFLICT (${primaryKey.map(q).join(', ')}) DO UPDATE SET ${updates.join(', ')} ` + `WHERE t."_source_ts" <= EXCLUDED."_source_ts"`
  );
}

export const postgresDialect: SqlDialect = {
  quoteIdent: q,
  table,
  // Temporary tables live in the session's own schema: they vanish with the connection, so a
  // writer that dies leaves nothing behind, and two writers never share one.
  stagingTable: (_schema, staging) => q(staging),
  placeholder: (index) => `$${index}`,
  columnType: (type) => checkedType(columnTypes[type]),

  createTable: (schema, name, columns, primaryKey) =>
    `CREATE TABLE IF NOT EXISTS ${table(schema, name)} (${columns.map(columnSql).join(', ')}, ` +
    `PRIMARY KEY (${primaryKey.map(q).join(', ')}))`,
  listColumns: () => 'SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2',
  addColumns: (schema, name, columns) =>
    `ALTER TABLE ${table(schema, name)} ${columns.map((c) => `ADD COLUMN IF NOT EXISTS ${columnSql(c)}`).join(', ')}`,
  dropTable: (schema, name) => `DROP TABLE IF EXISTS ${table(schema, name)}`,

  createStagingTable: (schema, name, staging, options) =>
    `CREATE TEMPORARY TABLE ${q(staging)} (LIKE ${table(schema, name)} INCLUDING DEFAULTS)` +
    (options?.emptiedOnCommit ? ' ON COMMIT DELETE ROWS' : ''),
  dropStagingTable: (_schema, staging) => `DROP TABLE IF EXISTS pg_temp.${q(staging)}`,
  insertRows: (target, columns, rowCount) =>
    `INSERT INTO ${target} (${columns.map(q).join(', ')}) VALUES ${valueRows(columns.length, rowCount)}`,
  // Rows are taken in key order so that concurrent writers lock shared keys in the same order
  // and cannot deadlock each other.
  upsertFromStaging: (schema, name, staging, columns, primaryKey) => {
    const list = columns.map(q).join(', ');
    return (
      `INSERT INTO ${table(schema, name)} AS t (${list}) SELECT ${list} FROM ${q(staging)} ` +
      `ORDER BY ${primaryKey.map(q).join(', ')} ${onConflict(columns, primaryKey)}`
    );
  },
  upsertRows: (schema, name, columns, primaryKey, rowCount, updateColumns) =>
    `INSERT INTO ${table(schema, name)} AS t (${columns.map(q).join(', ')}) VALUES ${valueRows(columns.length, rowCount)} ` +
    onConflict(columns, primaryKey, updateColumns),
  markDeleted: (schema, name) =>
    `UPDATE ${table(schema, name)} SET "_deleted" = true, "_synced_at" = $1 WHERE "account_id" = $2 AND "id" = $3`,
  // Postgres has no DELETE … LIMIT; batches keep each purge transaction and its locks short.
  purgeAccountBatch: (schema, name, limit) =>
    `DELETE FROM ${table(schema, name)} WHERE ctid IN (SELECT ctid FROM ${table(schema, name)} WHERE "account_id" = $1 LIMIT ${Math.trunc(limit)})`,
  selectAccountRows: (schema, name, columns) =>
    `SELECT ${columns.map(q).join(', ')} FROM ${table(schema, name)} WHERE "account_id" = $1 ORDER BY "id"`,
};
