import { OWNERS_TABLE, type TableClaim } from '../../ownership/tableOwner';
import type { ColumnDefinition } from '../operations';
import type { SqlEngine, SqlHandle } from '../types';
import { sqlFailure } from './sqlFailure';

// The marker table: one row per claimed table of the schema. Portable column types, so that the
// same statements serve every SQL engine; `claimed_at` is ISO 8601 text, read as written.
const columns: ColumnDefinition[] = [
  { name: 'table_name', sqlType: 'varchar(64)', nullable: false },
  { name: 'environment_id', sqlType: 'varchar(64)', nullable: false },
  { name: 'environment_name', sqlType: 'varchar(255)', nullable: false },
  { name: 'sync_id', sqlType: 'varchar(64)', nullable: false },
  { name: 'sync_name', sqlType: 'varchar(255)', nullable: false },
  { name: 'claimed_at', sqlType: 'varchar(32)', nullable: false },
];
const names = columns.map((c) => c.name);

const missingTable = (err: unknown): boolean => ['42P01', 'ER_NO_SUCH_TABLE'].includes(String((err as { code?: unknown }).code));
const duplicateKey = (err: unknown): boolean => ['23505', 'ER_DUP_ENTRY'].includes(String((err as { code?: unknown }).code));
// Concurrent CREATE TABLE IF NOT EXISTS can still collide (see sqlTable.ts): the other one made it.
const alreadyCreated = (err: unknown): boolean =>
  ['42P07', '42710', '23505', 'ER_TABLE_EXISTS_ERROR'].includes(String((err as { code?: unknown }).code));

const values = (claim: TableClaim): string[] => [
  claim.table,
  claim.environmentId,
  claim.environmentName,
  claim.syncId,
  claim.syncName,
  claim.claimedAt,
];

async function guarded<T>(engine: SqlEngine, schema: string, action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw sqlFailure(engine, schema, action, err);
  }
}

/**
 * Whether the schema has the marker table, asked of the catalog. Selecting from a table that is
 * not there would tell the same, but as a failed statement: an ERROR line in the destination
 * server's log (Postgres logs every failed statement by default) at every first mount of a schema.
 */
async function hasOwnersTable(engine: SqlEngine, handle: SqlHandle, schema: string): Promise<boolean> {
  const { rows } = await handle.query(engine.dialect.listColumns(), [schema, OWNERS_TABLE]);
  return rows.length > 0;
}

/** The marker of `table`, or undefined when there is none (or no marker table yet). */
export function readSqlClaim(engine: SqlEngine, handle: SqlHandle, schema: string, table: string): Promise<TableClaim | undefined> {
  const { dialect } = engine;
  const sql = `SELECT ${names.map((n) => dialect.quoteIdent(n)).join(', ')} FROM ${dialect.table(schema, OWNERS_TABLE)} WHERE ${dialect.quoteIdent('table_name')} = ${dialect.placeholder(1)}`;
  return guarded(engine, schema, `reading the owner of ${table}`, async () => {
    if (!(await hasOwnersTable(engine, handle, schema))) return undefined;
    try {
      const { rows } = await handle.query(sql, [table]);
      const row = rows[0];
      return row && toClaim(row);
    } catch (err) {
      // Dropped between the two statements.
      if (missingTable(err)) return undefined;
      throw err;
    }
  });
}

function toClaim(row: Record<string, unknown>): TableClaim {
  return {
    table: String(row.table_name),
    environmentId: String(row.environment_id),
    environmentName: String(row.environment_name),
    syncId: String(row.sync_id),
    syncName: String(row.sync_name),
    claimedAt: String(row.claimed_at),
  };
}

/** Writes the marker unless the table has one: false when another claimant's row was there first (the primary key). */
export function insertSqlClaim(engine: SqlEngine, handle: SqlHandle, schema: string, claim: TableClaim): Promise<boolean> {
  const { dialect } = engine;
  return guarded(engine, schema, `claiming the table ${claim.table}`, async () => {
    await handle.query(dialect.createTable(schema, OWNERS_TABLE, columns, ['table_name'])).catch((err: unknown) => {
      if (!alreadyCreated(err)) throw err;
    });
    try {
      await handle.query(dialect.insertRows(dialect.table(schema, OWNERS_TABLE), names, 1), values(claim));
      return true;
    } catch (err) {
      if (duplicateKey(err)) return false;
      throw err;
    }
  });
}

/** Replaces `previous` by `next`, only if the marker still names `previous`'s owner and time. */
export function replaceSqlClaim(
  engine: SqlEngine,
  handle: SqlHandle,
  schema: string,
  previous: TableClaim,
  next: TableClaim,
): Promise<boolean> {
  const { dialect } = engine;
  const q = (n: string) => dialect.quoteIdent(n);
  const p = (i: number) => dialect.placeholder(i);
  const set = names.slice(1).map((n, i) => `${q(n)} = ${p(i + 1)}`);
  const sql =
    `UPDATE ${dialect.table(schema, OWNERS_TABLE)} SET ${set.join(', ')} ` +
    `WHERE ${q('table_name')} = ${p(6)} AND ${q('environment_id')} = ${p(7)} AND ${q('sync_id')} = ${p(8)} AND ${q('claimed_at')} = ${p(9)}`;
  const params = [...values(next).slice(1), previous.table, previous.environmentId, previous.syncId, previous.claimedAt];
  return guarded(engine, schema, `taking over the table ${previous.table}`, async () => (await handle.query(sql, params)).rowCount === 1);
}
