import { checkedType, quoteWith, type ColumnDefinition, type SqlDialect } from '../dialect';

const q = (name: string): string => quoteWith('"', name);
const table = (schema: string, name: string): string => `${q(schema)}.${q(name)}`;
const columnSql = (c: ColumnDefinition): string => `${q(c.name)} ${checkedType(c.sqlType)}${c.nullable ? '' : ' NOT NULL'}`;

export const postgresDialect: SqlDialect = {
  quoteIdent: q,
  table,
  // Temporary tables live in the session's own schema: they vanish with the connection, so a
  // writer that dies leaves nothing behind, and two writers never share one.
  stagingTable: (_schema, staging) => q(staging),
  placeholder: (index) => `$${index}`,
  columnType: (c) => checkedType(c.postgresType),

  createTable: (schema, name, columns, primaryKey) =>
    `CREATE TABLE IF NOT EXISTS ${table(schema, name)} (${columns.map(columnSql).join(', ')}, ` +
    `PRIMARY KEY (${primaryKey.map(q).join(', ')}))`,
  listColumns: () => 'SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2',
  addColumns: (schema, name, columns) =>
    `ALTER TABLE ${table(schema, name)} ${columns.map((c) => `ADD COLUMN IF NOT EXISTS ${columnSql(c)}`).join(', ')}`,
  dropTable: (schema, name) => `DROP TABLE IF EXISTS ${table(schema, name)}`,

  createStagingTable: (schema, name, staging) => `CREATE TEMPORARY TABLE ${q(staging)} (LIKE ${table(schema, name)} INCLUDING DEFAULTS)`,
  dropStagingTable: (_schema, staging) => `DROP TABLE IF EXISTS pg_temp.${q(staging)}`,
  insertRows: (target, columns, rowCount) => {
    const rows = Array.from({ length: rowCount }, (_, r) => `(${columns.map((_c, i) => `$${r * columns.length + i + 1}`).join(', ')})`);
    return `INSERT INTO ${target} (${columns.map(q).join(', ')}) VALUES ${rows.join(', ')}`;
  },
  upsertFromStaging: (schema, name, staging, columns, primaryKey) => {
    const list = columns.map(q).join(', ');
    const updates = columns.filter((c) => !primaryKey.includes(c)).map((c) => `${q(c)} = EXCLUDED.${q(c)}`);
    return (
      `INSERT INTO ${table(schema, name)} AS t (${list}) SELECT ${list} FROM ${q(staging)} ` +
      `ON CONFLICT (${primaryKey.map(q).join(', ')}) DO UPDATE SET ${updates.join(', ')} ` +
      `WHERE t."_source_ts" <= EXCLUDED."_source_ts"`
    );
  },
  markDeleted: (schema, name) =>
    `UPDATE ${table(schema, name)} SET "_deleted" = true, "_synced_at" = $1 WHERE "account_id" = $2 AND "id" = $3`,
  // Postgres has no DELETE … LIMIT; batches keep each purge transaction and its locks short.
  purgeAccountBatch: (schema, name, limit) =>
    `DELETE FROM ${table(schema, name)} WHERE ctid IN (SELECT ctid FROM ${table(schema, name)} WHERE "account_id" = $1 LIMIT ${Math.trunc(limit)})`,
  selectAccountRows: (schema, name, columns) =>
    `SELECT ${columns.map(q).join(', ')} FROM ${table(schema, name)} WHERE "account_id" = $1 ORDER BY "id"`,
};
