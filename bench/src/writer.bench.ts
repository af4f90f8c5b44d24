import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';
import {
  connect,
  createWriter,
  ensureTable,
  getEngine,
  parseConnectionString,
  primaryKey,
  writerColumns,
  type EngineName,
  type PostgresHandle,
  type SqlHandle,
  type ColumnValue,
  type TableSpec,
} from '@datasync/destinations';
import { getResource, tableSpecOf, toWriteRows, typedValues } from '@datasync/providers';
import { benchServers } from './serverEnv';
import { formatTable, type Figure } from './report';
import { charge, type Charge } from './benchCharges';

// `npm run bench:writer`: 100,000 charge rows from memory through the destination writers,
// against each engine's own bulk loader (psql \copy, LOAD DATA LOCAL INFILE) of the same rows
// into an identical empty table. It writes into the servers the tests use (DATABASE_URL,
// MYSQL_URL), in a scratch schema/database it drops at the end.
const ROWS = 100_000;
const BATCH_SIZES = [1_000, 5_000];
// Each method runs this many times, interleaved, and keeps its best rate: on a shared machine a
// single run measures the neighbours as much as the method.
const ROUNDS = 2;
const GOAL = 0.6;
const ACCOUNT = 'acct_bench';

const charges = getResource('stripe', 'charges');
const columns = writerColumns(tableSpecOf(charges));
const run = promisify(execFile);

/** The row a writer stores for `object`, in `columns` order, as plain values. */
function rowOf(object: Charge, sourceTs: Date): ColumnValue[] {
  const common: Record<string, ColumnValue> = {
    id: object.id,
    account_id: ACCOUNT,
    data: object,
    _source_ts: sourceTs,
    _synced_at: sourceTs,
    _deleted: false,
  };
  const values = typedValues(charges, object);
  const typed = Object.fromEntries(charges.columns.map((c, i) => [c.name, values[i] ?? null]));
  return columns.map((c) => (c in common ? (common[c] ?? null) : (typed[c] ?? null)));
}

// The text format both bulk loaders read: tab-separated, \N for NULL, backslash escapes. Written
// here independently of the writer's own encoder, so the baseline does not share its bugs.
const escapeField = (text: string) => text.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] ?? c);
const mysqlDate = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');

function field(value: ColumnValue, engine: EngineName): string {
  if (value === null) return '\\N';
  if (value instanceof Date) return engine === 'postgres' ? value.toISOString() : mysqlDate(value);
  if (typeof value === 'boolean') return engine === 'postgres' ? (value ? 't' : 'f') : value ? '1' : '0';
  if (typeof value === 'object') return escapeField(JSON.stringify(value));
  return escapeField(String(value));
}

async function writeLoadFile(rows: ColumnValue[][], engine: EngineName, file: string): Promise<void> {
  await fs.writeFile(file, rows.map((r) => `${r.map((v) => field(v, engine)).join('\t')}\n`).join(''));
}

async function countRows(handle: SqlHandle, schema: string, table: string): Promise<number> {
  const { rows } = await handle.query(`SELECT count(*) AS n FROM ${getEngine(handle.engine).dialect.table(schema, table)}`);
  return Number(rows[0]?.n);
}

async function timed(what: string, work: () => Promise<void>, check: () => Promise<number>): Promise<number> {
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  const stored = await check();
  if (stored !== ROWS) throw new Error(`${what}: ${stored} rows stored, ${ROWS} expected`);
  const rate = ROWS / seconds;
  process.stdout.write(`  ${what.padEnd(44)} ${seconds.toFixed(2).padStart(6)} s  ${rate.toFixed(0).padStart(7)} rows/s\n`);
  return rate;
}

async function freshTable(handle: SqlHandle, schema: string, table: string): Promise<TableSpec> {
  const spec = { ...tableSpecOf(charges), table };
  await handle.query(getEngine(handle.engine).dialect.dropTable(schema, table));
  await ensureTable(handle, handle.engine, schema, spec);
  return spec;
}

/** The writer's rows/s; `likelyNew` as a first backfill's segments write (Postgres COPYs straight into the table). */
async function writerRun(
  handle: SqlHandle,
  schema: string,
  objects: Charge[],
  sourceTs: Date,
  batchSize: number,
  likelyNew = false,
): Promise<number> {
  const resource = await freshTable(handle, schema, `bench_writer_${likelyNew ? 'new_' : ''}${batchSize}`);
  const writer = createWriter(handle, { engine: handle.engine, schema, spec: resource });
  const rate = await timed(
    `${handle.engine} writer${likelyNew ? ', a first load' : ''}, batches of ${batchSize}`,
    async () => {
      for (let i = 0; i < objects.length; i += batchSize) {
        const batch = toWriteRows(charges, ACCOUNT, objects.slice(i, i + batchSize), sourceTs);
        await writer.writeBatch(batch, { likelyNew });
      }
    },
    () => countRows(handle, schema, resource.table),
  );
  await writer.close();
  return rate;
}

/** The alternative to COPY + staging: one INSERT … SELECT FROM unnest(one array per column) … ON CONFLICT per batch. */
async function unnestRun(handle: PostgresHandle, schema: string, rows: ColumnValue[][], batchSize: number): Promise<number> {
  const { dialect } = getEngine('postgres');
  const resource = await freshTable(handle, schema, `bench_unnest_${batchSize}`);
  const types = [
    'text',
    'text',
    'jsonb',
    'timestamptz',
    'timestamptz',
    'boolean',
    ...charges.columns.map((c) => dialect.columnType(c.type)),
  ];
  const arrays = columns.map((c, i) => `$${i + 1}::${types[i] ?? 'text'}[]`).join(', ');
  const updates = columns
    .filter((c) => !(primaryKey as readonly string[]).includes(c))
    .map((c) => `${dialect.quoteIdent(c)} = EXCLUDED.${dialect.quoteIdent(c)}`);
  const sql =
    `INSERT INTO ${dialect.table(schema, resource.table)} AS t (${columns.map(dialect.quoteIdent).join(', ')}) ` +
    `SELECT * FROM unnest(${arrays}) ON CONFLICT ("account_id", "id") DO UPDATE SET ${updates.join(', ')} ` +
    `WHERE t."_source_ts" <= EXCLUDED."_source_ts"`;
  return timed(
    `postgres unnest INSERT, batches of ${batchSize}`,
    async () => {
      for (let i = 0; i < rows.length; i += batchSize) {
        const batch = rows.slice(i, i + batchSize);
        const params = columns.map((_c, col) =>
          batch.map((r) => {
            const v = r[col] ?? null;
            return v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v;
          }),
        );
        await handle.query(sql, params);
      }
    },
    () => countRows(handle, schema, resource.table),
  );
}

async function psqlCopyRun(handle: SqlHandle, databaseUrl: string, schema: string, file: string): Promise<number> {
  const { dialect } = getEngine('postgres');
  const resource = await freshTable(handle, schema, 'bench_psql_copy');
  const copy = `\\copy ${dialect.table(schema, resource.table)} (${columns.map(dialect.quoteIdent).join(', ')}) FROM '${file}'`;
  return timed(
    'psql \\copy',
    async () => void (await run('psql', [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-q', '-c', copy])),
    () => countRows(handle, schema, resource.table),
  );
}

async function loadDataRun(handle: SqlHandle, mysqlUrl: string, schema: string, file: string): Promise<number> {
  const { dialect } = getEngine('mysql');
  const resource = await freshTable(handle, schema, 'bench_load_data');
  const connection = await mysql.createConnection({ uri: mysqlUrl, flags: ['+LOCAL_FILES'], charset: 'utf8mb4', timezone: 'Z' });
  try {
    const sql =
      `LOAD DATA LOCAL INFILE 'rows.tsv' INTO TABLE ${dialect.table(schema, resource.table)} CHARACTER SET utf8mb4 ` +
      `FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' (${columns.map(dialect.quoteIdent).join(', ')})`;
    return await timed(
      'LOAD DATA LOCAL INFILE',
      async () => void (await connection.query({ sql, infileStreamFactory: () => createReadStream(file) })),
      () => countRows(handle, schema, resource.table),
    );
  } finally {
    await connection.end();
  }
}

/** Runs every method ROUNDS times, interleaved, and returns each one's best rows/s by name. */
async function bestOf(methods: Record<string, () => Promise<number>>): Promise<Record<string, number>> {
  const best: Record<string, number> = {};
  for (let round = 1; round <= ROUNDS; round += 1) {
    process.stdout.write(` round ${round}/${ROUNDS}\n`);
    for (const [name, method] of Object.entries(methods)) best[name] = Math.max(best[name] ?? 0, await method());
  }
  return best;
}

function ratios(best: Record<string, number>, baseline: string, goal: number): Figure[] {
  const base = best[baseline] ?? NaN;
  return Object.entries(best)
    .filter(([name]) => name !== baseline)
    .map(([name, rate]) => ({
      name: `${name} ÷ ${baseline}`,
      value: rate / base,
      unit: '×',
      goal: name.includes('unnest') ? 0 : goal,
      kind: 'min' as const,
    }));
}

async function postgresBench(
  databaseUrl: string,
  objects: Charge[],
  rows: ColumnValue[][],
  sourceTs: Date,
  dir: string,
): Promise<Figure[]> {
  const { dialect } = getEngine('postgres');
  const handle = (await connect(parseConnectionString('postgres', databaseUrl), { allowPrivateNetworks: true })) as PostgresHandle;
  const schema = `bench_writer_${randomBytes(4).toString('hex')}`;
  await handle.query(`CREATE SCHEMA ${dialect.quoteIdent(schema)}`);
  try {
    const file = path.join(dir, 'postgres.tsv');
    await writeLoadFile(rows, 'postgres', file);
    process.stdout.write(`PostgreSQL, ${ROWS} charge rows into empty tables:\n`);
    const methods: Record<string, () => Promise<number>> = { 'psql \\copy': () => psqlCopyRun(handle, databaseUrl, schema, file) };
    for (const size of BATCH_SIZES) {
      methods[`postgres writer (${size}/batch)`] = () => writerRun(handle, schema, objects, sourceTs, size);
      methods[`postgres writer, a first load (${size}/batch)`] = () => writerRun(handle, schema, objects, sourceTs, size, true);
    }
    // The alternative the writer was measured against; one run is enough to see the gap.
    const unnest = await unnestRun(handle, schema, rows, BATCH_SIZES[BATCH_SIZES.length - 1] ?? 1_000);
    const best = await bestOf(methods);
    best[`postgres unnest INSERT (${BATCH_SIZES[BATCH_SIZES.length - 1] ?? 1_000}/batch)`] = unnest;
    return ratios(best, 'psql \\copy', GOAL);
  } finally {
    await handle.query(`DROP SCHEMA IF EXISTS ${dialect.quoteIdent(schema)} CASCADE`);
    await handle.close();
  }
}

async function mysqlBench(serverUrl: string, objects: Charge[], rows: ColumnValue[][], sourceTs: Date, dir: string): Promise<Figure[]> {
  const { dialect } = getEngine('mysql');
  const database = `bench_writer_${randomBytes(4).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const admin = await mysql.createConnection({ uri: serverUrl });
  try {
    const [[setting]] = (await admin.query("SHOW GLOBAL VARIABLES LIKE 'local_infile'")) as unknown as [{ Value: string }[]];
    if (setting?.Value !== 'ON') {
      // A local test server: the baseline needs LOAD DATA LOCAL, which is off by default on MySQL 8.
      process.stdout.write('  (local_infile was OFF on the test server; enabling it)\n');
      await admin.query('SET GLOBAL local_infile = 1');
    }
    await admin.query(`CREATE DATABASE ${dialect.quoteIdent(database)}`);
    const handle = await connect(parseConnectionString('mysql', url.toString()), { allowPrivateNetworks: true });
    try {
      const file = path.join(dir, 'mysql.tsv');
      await writeLoadFile(rows, 'mysql', file);
      process.stdout.write(`MySQL/MariaDB, ${ROWS} charge rows into empty tables:\n`);
      const methods: Record<string, () => Promise<number>> = { 'LOAD DATA': () => loadDataRun(handle, url.toString(), database, file) };
      for (const size of BATCH_SIZES) methods[`mysql writer (${size}/batch)`] = () => writerRun(handle, database, objects, sourceTs, size);
      return ratios(await bestOf(methods), 'LOAD DATA', GOAL);
    } finally {
      await handle.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dialect.quoteIdent(database)}`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  const env = benchServers();
  const sourceTs = new Date();
  const objects = Array.from({ length: ROWS }, (_, i) => charge(i));
  const rows = objects.map((o) => rowOf(o, sourceTs));
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'datasync-writer-bench-'));
  try {
    const figures = [
      ...(await postgresBench(env.DATABASE_URL, objects, rows, sourceTs, dir)),
      ...(await mysqlBench(env.MYSQL_URL, objects, rows, sourceTs, dir)),
    ];
    process.stdout.write(`\n${formatTable(figures)}\n`);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
