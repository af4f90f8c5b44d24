import { randomBytes } from 'node:crypto';
import { testDatabaseUrl } from '@datasync/testing';
import { connect } from '../connect';
import { parseConnectionString } from '../connectionString/parse';
import { ensureTable } from '../ddl/ensureTable';
import { getEngine } from '../engines/registry';
import type { SqlEngineName, SqlHandle } from '../engines/types';
import { commonColumnNames, type TableSpec } from '../tableSpec';
import { chargeColumns } from './chargeRows';
import { startTestMysql } from './testMysql';

const allow = { allowPrivateNetworks: true };

/** A schema (Postgres) or database (MariaDB) of the local test servers, dropped by `cleanup`. */
export interface ScratchDestination {
  engine: SqlEngineName;
  schema: string;
  open(): Promise<SqlHandle>;
  /** A fresh charges-shaped table in the scratch schema, created through ensureTable. */
  newTable(handle: SqlHandle): Promise<TableSpec>;
  cleanup(): Promise<void>;
}

export async function scratchDestination(engine: SqlEngineName): Promise<ScratchDestination> {
  const { dialect } = getEngine(engine);
  let tables = 0;
  const newTable = async (handle: SqlHandle) => {
    tables += 1;
    const spec = { table: `stripe_charges_${tables}`, columns: chargeColumns };
    await ensureTable(handle, engine, schemaName, spec);
    return spec;
  };
  let schemaName: string;
  if (engine === 'postgres') {
    schemaName = `writer_${randomBytes(4).toString('hex')}`;
    const open = () => connect(parseConnectionString('postgres', testDatabaseUrl()), allow);
    const admin = await open();
    await admin.query(`CREATE SCHEMA ${dialect.quoteIdent(schemaName)}`);
    await admin.close();
    return {
      engine,
      schema: schemaName,
      open,
      newTable,
      async cleanup() {
        const handle = await open();
        await handle.query(`DROP SCHEMA IF EXISTS ${dialect.quoteIdent(schemaName)} CASCADE`);
        await handle.close();
      },
    };
  }
  const server = await startTestMysql();
  schemaName = server.database;
  return {
    engine,
    schema: schemaName,
    open: () => connect(parseConnectionString('mysql', server.adminUrl(server.database)), allow),
    newTable,
    cleanup: () => server.cleanup(),
  };
}

export interface StoredRow {
  [column: string]: unknown;
  data: Record<string, unknown>;
}

/**
 * An account's rows as plain values that compare the same on both engines: bigints as strings,
 * booleans as booleans, timestamps as ISO strings, `data` parsed. `_synced_at` is left out.
 */
export async function readRows(
  handle: SqlHandle,
  scratch: ScratchDestination,
  resource: TableSpec,
  accountId: string,
): Promise<StoredRow[]> {
  const { dialect } = getEngine(scratch.engine);
  const columns = [...commonColumnNames.filter((c) => c !== '_synced_at'), ...resource.columns.map((c) => c.name)];
  const types = new Map(resource.columns.map((c) => [c.name, c.type]));
  const { rows } = await handle.query(dialect.selectAccountRows(scratch.schema, resource.table, columns), [accountId]);
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const name of columns) {
      const value = row[name];
      const type = name === '_deleted' ? 'boolean' : types.get(name);
      if (value === null || value === undefined) out[name] = null;
      else if (value instanceof Date) out[name] = value.toISOString();
      else if (type === 'boolean') out[name] = Boolean(Number(value));
      else if (type === 'bigint' || type === 'integer') out[name] = String(value);
      else if ((name === 'data' || type === 'json') && typeof value === 'string') out[name] = JSON.parse(value) as unknown;
      else out[name] = value;
    }
    return out as StoredRow;
  });
}
