import { randomBytes } from 'node:crypto';
import { testDatabaseUrl } from '@datasync/testing';
import { connect } from '../connect';
import { parseConnectionString } from '../connectionString/parse';
import { getEngine } from '../engines/registry';
import type { SqlEngineName, SqlHandle } from '../engines/types';
import { DestinationError } from '../errors';
import { chargeColumns } from '../testing/chargeRows';
import { startTestMysql, type TestMysql } from '../testing/testMysql';
import { commonColumnNames, type TableColumn } from '../tableSpec';
import { ensureTable, type TableSpec } from './ensureTable';
import { primaryKey } from './tableColumns';

const charges: TableSpec = { table: 'stripe_charges', columns: chargeColumns };
const extra = (name: string): TableColumn => ({ name, type: 'text' });
const tag = randomBytes(3).toString('hex');

// Names that only work when quoted: a space, both quote characters, upper case.
const pgSchema = `Dst "q" \`${tag}`;
let mysqlDb: TestMysql;
let mysqlDatabase: string;

async function open(engine: SqlEngineName): Promise<SqlHandle> {
  if (engine === 'postgres') return connect(parseConnectionString('postgres', testDatabaseUrl()), { allowPrivateNetworks: true });
  const fields = parseConnectionString('mysql', mysqlDb.adminUrl(encodeURIComponent(mysqlDatabase)));
  return connect(fields, { allowPrivateNetworks: true });
}

const schemaOf = (engine: SqlEngineName): string => (engine === 'postgres' ? pgSchema : mysqlDatabase);

beforeAll(async () => {
  mysqlDb = await startTestMysql();
  mysqlDatabase = `dst_${tag} "q\``;
  await mysqlDb.admin.query(`CREATE DATABASE ${getEngine('mysql').dialect.quoteIdent(mysqlDatabase)}`);
  const pg = await open('postgres');
  await pg.query(`CREATE SCHEMA ${getEngine('postgres').dialect.quoteIdent(pgSchema)}`);
  await pg.close();
});

afterAll(async () => {
  const pg = await open('postgres');
  await pg.query(`DROP SCHEMA IF EXISTS ${getEngine('postgres').dialect.quoteIdent(pgSchema)} CASCADE`);
  await pg.close();
  await mysqlDb.admin.query(`DROP DATABASE IF EXISTS ${getEngine('mysql').dialect.quoteIdent(mysqlDatabase)}`);
  await mysqlDb.cleanup();
});

describe.each<SqlEngineName>(['postgres', 'mysql'])('ensureTable on %s', (engine) => {
  const { dialect } = getEngine(engine);
  let handle: SqlHandle;
  const schema = (): string => schemaOf(engine);
  const columnsOf = async (table: string) =>
    (
      await handle.query(
        `SELECT column_name AS name, data_type AS type, is_nullable AS nullable FROM information_schema.columns
       WHERE table_schema = ${dialect.placeholder(1)} AND table_name = ${dialect.placeholder(2)} ORDER BY ordinal_position`,
        [schema(), table],
      )
    ).rows.map((r) => ({ name: String(r.name), type: String(r.type).toLowerCase(), nullable: String(r.nullable) }));
  const insert = (table: string, id: string, sourceTs: Date, amount: number) =>
    handle.query(
      dialect.insertRows(dialect.table(schema(), table), ['id', 'account_id', 'data', '_source_ts', '_synced_at', '_deleted', 'amount'], 1),
      [id, 'acct_1', JSON.stringify({ id, amount }), sourceTs, sourceTs, false, amount],
    );

  beforeAll(async () => {
    handle = await open(engine);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('creates the table with the common and typed columns and the (account_id, id) key', async () => {
    expect(await ensureTable(handle, engine, schema(), charges)).toEqual({ created: true, addedColumns: [] });
    const columns = await columnsOf('stripe_charges');
    expect(columns.map((c) => c.name)).toEqual([...commonColumnNames, ...charges.columns.map((c) => c.name)]);
    const byName = Object.fromEntries(columns.map((c) => [c.name, c]));
    const expected =
      engine === 'postgres'
        ? { id: 'text', data: 'jsonb', _source_ts: 'timestamp with time zone', _deleted: 'boolean', amount: 'bigint', paid: 'boolean' }
        : // MariaDB reports JSON as longtext (with a json_valid check) and booleans as tinyint.
          {
            id: 'varchar',
            data: expect.stringMatching(/^(json|longtext)$/),
            _source_ts: 'datetime',
            _deleted: 'tinyint',
            amount: 'bigint',
            paid: 'tinyint',
          };
    expect(Object.fromEntries(Object.keys(expected).map((k) => [k, byName[k]?.type]))).toEqual(expected);
    expect([byName.id?.nullable, byName._source_ts?.nullable, byName.amount?.nullable]).toEqual(['NO', 'NO', 'YES']);
    const { rows } = await handle.query(
      `SELECT kcu.column_name AS name FROM information_schema.table_constraints tc
       JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name
         AND kcu.table_schema = tc.table_schema AND kcu.table_name = tc.table_name
       WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = ${dialect.placeholder(1)} AND tc.table_name = 'stripe_charges'
       ORDER BY kcu.ordinal_position`,
      [schema()],
    );
    expect(rows.map((r) => r.name)).toEqual([...primaryKey]);
  });

  it('is idempotent and keeps the rows', async () => {
    await insert('stripe_charges', 'ch_1', new Date('2024-05-01T00:00:00Z'), 500);
    expect(await ensureTable(handle, engine, schema(), charges)).toEqual({ created: false, addedColumns: [] });
    const { rows } = await handle.query(dialect.selectAccountRows(schema(), 'stripe_charges', ['id', 'amount']), ['acct_1']);
    expect(rows.map((r) => [r.id, String(r.amount)])).toEqual([['ch_1', '500']]);
  });

  it('adds the columns the catalog gained, leaving the rows', async () => {
    const grown: TableSpec = { table: 'stripe_charges', columns: [...charges.columns, extra('new_a'), extra('new_b')] };
    expect(await ensureTable(handle, engine, schema(), grown)).toEqual({ created: false, addedColumns: ['new_a', 'new_b'] });
    expect(await ensureTable(handle, engine, schema(), grown)).toEqual({ created: false, addedColumns: [] });
    const { rows } = await handle.query(dialect.selectAccountRows(schema(), 'stripe_charges', ['id', 'new_a']), ['acct_1']);
    expect(rows).toEqual([{ id: 'ch_1', new_a: null }]);
  });

  it('lets concurrent loaders ensure the same new table', async () => {
    const other = await open(engine);
    try {
      const spec: TableSpec = { table: `stripe_race_${tag}`, columns: charges.columns };
      const results = await Promise.all([ensureTable(handle, engine, schema(), spec), ensureTable(other, engine, schema(), spec)]);
      expect(results.some((r) => r.created)).toBe(true);
      expect((await columnsOf(spec.table)).length).toBe(commonColumnNames.length + charges.columns.length);
    } finally {
      await other.close();
    }
  });

  it('keeps ids that differ only in case apart, and upserts only newer states', async () => {
    const spec: TableSpec = { table: `stripe_upsert_${tag}`, columns: charges.columns };
    await ensureTable(handle, engine, schema(), spec);
    const staging = `stage_${tag}`;
    const columns = ['id', 'account_id', 'data', '_source_ts', '_synced_at', '_deleted', 'amount'];
    const stage = async (rows: [string, string, number][]) => {
      await handle.query(dialect.createStagingTable(schema(), spec.table, staging));
      const values = rows.flatMap(([id, ts, amount]) => [id, 'acct_1', JSON.stringify({ id }), new Date(ts), new Date(ts), false, amount]);
      await handle.query(dialect.insertRows(dialect.stagingTable(schema(), staging), columns, rows.length), values);
      await handle.query(dialect.upsertFromStaging(schema(), spec.table, staging, columns, primaryKey));
      await handle.query(dialect.dropStagingTable(schema(), staging));
    };
    await stage([
      ['ch_aB', '2024-01-02T00:00:00Z', 1],
      ['ch_Ab', '2024-01-02T00:00:00Z', 2],
    ]);
    await stage([
      ['ch_aB', '2024-01-01T00:00:00Z', 10], // older: ignored
      ['ch_Ab', '2024-01-03T00:00:00Z', 20], // newer: applied
    ]);
    const { rows } = await handle.query(dialect.selectAccountRows(schema(), spec.table, ['id', 'amount']), ['acct_1']);
    expect(rows.map((r) => [r.id, String(r.amount)]).sort()).toEqual([
      ['ch_Ab', '20'],
      ['ch_aB', '1'],
    ]);
  });
});

describe('ensureTable failures', () => {
  it('reports a missing Postgres schema as schema_missing', async () => {
    const handle = await open('postgres');
    try {
      const err: unknown = await ensureTable(handle, 'postgres', `nosuch_${tag}`, charges).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DestinationError);
      expect([(err as DestinationError).code, (err as DestinationError).message]).toEqual([
        'schema_missing',
        `The schema "nosuch_${tag}" does not exist. Create it, or name another with ?schema=.`,
      ]);
    } finally {
      await handle.close();
    }
  });
});
