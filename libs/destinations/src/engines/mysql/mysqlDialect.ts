import type { ColumnType } from '../../tableSpec';
import { checkedType, quoteWith, type ColumnDefinition, type SqlDialect } from '../sql/dialect';

// MySQL cannot index TEXT without a prefix length and most short provider strings (ids,
// statuses, currencies, emails) fit in 255 characters, so `text` is VARCHAR(255) here and
// free-form fields are `long_text`. DATETIME(3) rather than TIMESTAMP: TIMESTAMP ends in 2038 and
// converts through the session time zone. Values are always written in UTC.
const columnTypes: Record<ColumnType, string> = {
  text: 'varchar(255)',
  long_text: 'text',
  bigint: 'bigint',
  integer: 'int',
  boolean: 'tinyint(1)',
  timestamp: 'datetime(3)',
  json: 'json',
};

const q = (name: string): string => quoteWith('`', name);
const table = (schema: string, name: string): string => `${q(schema)}.${q(name)}`;
const columnSql = (c: ColumnDefinition): string => `${q(c.name)} ${checkedType(c.sqlType)}${c.nullable ? '' : ' NOT NULL'}`;
const valueRows = (columnCount: number, rowCount: number): string =>
  Array(rowCount)
    .fill(`(${Array(columnCount).fill('?').join(', ')})`)
    .join(', ');

// Target columns are qualified: unqualified names could also mean a staging table's.
// Assignments run left to right on the updated row, so `_source_ts` must be assigned last:
// every earlier IF still compares with the stored value. Equal `_source_ts` overwrites (a
// retried batch changes nothing; a re-fetch settling a same-second tie wins).
function onDuplicateKey(target: string, columns: readonly string[], primaryKey: readonly string[], updateColumns = columns): string {
  const newer = `VALUES(\`_source_ts\`) >= ${target}.\`_source_ts\``;
  const updates = updateColumns
    .filter((c) => !primaryKey.includes(c) && c !== '_source_ts')
    .map((c) => `${q(c)} = IF(${newer}, VALUES(${q(c)}), ${target}.${q(c)})`);
  updates.push(`\`_source_ts\` = IF(${newer}, VALUES(\`_source_ts\`), ${target}.\`_source_ts\`)`);
  return `ON DUPLICATE KEY UPDATE ${updates.join(', ')}`;
}

// Every statement here is accepted by both MariaDB 10.11 and MySQL 8: no ADD COLUMN IF NOT
// EXISTS (MySQL lacks it; ensureTable reads information_schema instead), no `AS new` row alias
// (MariaDB lacks it; VALUES() is only deprecated in MySQL 8).
export const mysqlDialect: SqlDialect = {
  quoteIdent: q,
  table,
  stagingTable: (schema, staging) => table(schema, staging),
  placeholder: () => '?',
  columnType: (type) => checkedType(columnTypes[type]),

  // utf8mb4_bin: provider ids are case-sensitive (`ch_aB` and `ch_Ab` are two charges), and the
  // default collations of both servers would make them collide on the primary key.
  createTable: (schema, name, columns, primaryKey) =>
    `CREATE TABLE IF NOT EXISTS ${table(schema, name)} (${columns.map(columnSql).join(', ')}, ` +
    `PRIMARY KEY (${primaryKey.map(q).join(', ')})) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
  listColumns: () => 'SELECT COLUMN_NAME AS column_name FROM information_schema.columns WHERE table_schema = ? AND table_name = ?',
  addColumns: (schema, name, columns) =>
    `ALTER TABLE ${table(schema, name)} ${columns.map((c) => `ADD COLUMN ${columnSql(c)}`).join(', ')}`,
  dropTable: (schema, name) => `DROP TABLE IF EXISTS ${table(schema, name)}`,

  createStagingTable: (schema, name, staging) => `CREATE TEMPORARY TABLE ${table(schema, staging)} LIKE ${table(schema, name)}`,
  dropStagingTable: (schema, staging) => `DROP TEMPORARY TABLE IF EXISTS ${table(schema, staging)}`,
  insertRows: (target, columns, rowCount) =>
    `INSERT INTO ${target} (${columns.map(q).join(', ')}) VALUES ${valueRows(columns.length, rowCount)}`,
  upsertFromStaging: (schema, name, staging, columns, primaryKey) => {
    const target = table(schema, name);
    const list = columns.map(q).join(', ');
    return `INSERT INTO ${target} (${list}) SELECT ${list} FROM ${table(schema, staging)} ${onDuplicateKey(target, columns, primaryKey)}`;
  },
  upsertRows: (schema, name, columns, primaryKey, rowCount, updateColumns) => {
    const target = table(schema, name);
    return (
      `INSERT INTO ${target} (${columns.map(q).join(', ')}) VALUES ${valueRows(columns.length, rowCount)} ` +
      onDuplicateKey(target, columns, primaryKey, updateColumns)
    );
  },
  markDeleted: (schema, name) =>
    `UPDATE ${table(schema, name)} SET \`_deleted\` = TRUE, \`_synced_at\` = ? WHERE \`account_id\` = ? AND \`id\` = ?`,
  purgeAccountBatch: (schema, name, limit) => `DELETE FROM ${table(schema, name)} WHERE \`account_id\` = ? LIMIT ${Math.trunc(limit)}`,
  selectAccountRows: (schema, name, columns) =>
    `SELECT ${columns.map(q).join(', ')} FROM ${table(schema, name)} WHERE \`account_id\` = ? ORDER BY \`id\``,
};
