import type { Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import {
  connect,
  createWriter,
  ensureTable,
  getEngine,
  parseConnectionString,
  readStoredStates,
  type SqlHandle,
} from '@datasync/destinations';
import { getResource, tableSpecOf, toWriteRows } from '@datasync/providers';
import { benchServers } from './serverEnv';
import { charge, type Charge } from './benchCharges';
import { formatTable, type Figure } from './report';

// `npm run bench:verify-reads`: what one verification window takes from a destination, in bytes
// read from the connection's socket. A window of WINDOW charges as the emulator makes them, and
// the same window where a tenant's rows hold large `data` (LARGE_BYTES of metadata each): the
// previous read (every stored `data` value) against the digests computed in the database. It
// writes into the servers the tests use (DATABASE_URL, MYSQL_URL), in a scratch schema/database
// it drops at the end.
const WINDOW = 1_000;
const LARGE_BYTES = 64 * 1024;
const ACCOUNT = 'acct_bench';
// A window of matching rows should cost at most a tenth of its stored objects.
const GOAL = 0.1;

const charges = getResource('stripe', 'charges');

function socketOf(handle: SqlHandle): Socket {
  const h = handle as unknown as { client?: { connection: { stream: Socket } }; connection?: { connection: { stream: Socket } } };
  return (h.client?.connection.stream ?? h.connection?.connection.stream) as Socket;
}

async function bytesRead(handle: SqlHandle, fn: () => Promise<unknown>): Promise<number> {
  const socket = socketOf(handle);
  const before = socket.bytesRead;
  await fn();
  return socket.bytesRead - before;
}

/** The statement verification ran before: every listed id's stored `data`, parsed in the loader. */
async function previousRead(handle: SqlHandle, schema: string, table: string, ids: readonly string[]): Promise<void> {
  const { dialect } = getEngine(handle.engine);
  const q = dialect.quoteIdent;
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    const list = chunk.map((_, i) => dialect.placeholder(i + 2)).join(', ');
    await handle.query(
      `SELECT ${q('id')} AS id, ${q('_source_ts')} AS source_ts, ${q('_deleted')} AS deleted, ${q('data')} AS data ` +
        `FROM ${dialect.table(schema, table)} WHERE ${q('account_id')} = ${dialect.placeholder(1)} AND ${q('id')} IN (${list})`,
      [ACCOUNT, ...chunk],
    );
  }
}

async function measure(handle: SqlHandle, schema: string, label: string, objects: Charge[]): Promise<Figure[]> {
  const table = `bench_verify_${label.toLowerCase().replace(/\W/g, '_')}`;
  await handle.query(getEngine(handle.engine).dialect.dropTable(schema, table));
  const spec = { ...tableSpecOf(charges), table };
  await ensureTable(handle, handle.engine, schema, spec);
  const writer = createWriter(handle, { engine: handle.engine, schema, spec });
  for (let i = 0; i < objects.length; i += 250) {
    await writer.writeBatch(toWriteRows(charges, ACCOUNT, objects.slice(i, i + 250), new Date()));
  }
  await writer.close();
  const listed = new Map<string, unknown>(objects.map((o) => [o.id, o]));
  const ids = [...listed.keys()];
  const before = await bytesRead(handle, () => previousRead(handle, schema, table, ids));
  let held = 0;
  const now = await bytesRead(handle, async () => {
    const stored = await readStoredStates(handle, { schema, table, accountId: ACCOUNT, ids, objects: listed });
    for (const [id, state] of stored) if (state.holds(listed.get(id))) held += 1;
  });
  if (held !== objects.length) throw new Error(`${label}: ${held} of ${objects.length} rows matched`);
  process.stdout.write(`  ${label}: every stored value ${before.toLocaleString('en-US')} B, digests ${now.toLocaleString('en-US')} B\n`);
  return [{ name: `${label}: digests ÷ stored values`, value: now / before, unit: '', goal: GOAL, kind: 'max' }];
}

async function engineBench(handle: SqlHandle, schema: string, engine: string): Promise<Figure[]> {
  const plain = Array.from({ length: WINDOW }, (_, i) => charge(i));
  const large = plain.map((c, i) => ({ ...c, metadata: { note: `${i}:${'x'.repeat(LARGE_BYTES)}` } }));
  process.stdout.write(`${engine}, a window of ${WINDOW} rows:\n`);
  return [
    ...(await measure(handle, schema, `${engine} charges`, plain)),
    ...(await measure(handle, schema, `${engine} 64 KB rows`, large)),
  ];
}

async function main(): Promise<void> {
  const env = benchServers();
  const figures: Figure[] = [];
  const pg = await connect(parseConnectionString('postgres', env.DATABASE_URL), { allowPrivateNetworks: true });
  const schema = `bench_verify_${randomBytes(4).toString('hex')}`;
  const q = getEngine('postgres').dialect.quoteIdent;
  await pg.query(`CREATE SCHEMA ${q(schema)}`);
  try {
    figures.push(...(await engineBench(pg, schema, 'postgres')));
  } finally {
    await pg.query(`DROP SCHEMA IF EXISTS ${q(schema)} CASCADE`);
    await pg.close();
  }
  const database = `bench_verify_${randomBytes(4).toString('hex')}`;
  const admin = await mysql.createConnection({ uri: env.MYSQL_URL });
  await admin.query(`CREATE DATABASE \`${database}\``);
  try {
    const url = new URL(env.MYSQL_URL);
    url.pathname = `/${database}`;
    const handle = await connect(parseConnectionString('mysql', url.toString()), { allowPrivateNetworks: true });
    try {
      figures.push(...(await engineBench(handle, database, 'mariadb')));
    } finally {
      await handle.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.end();
  }
  process.stdout.write(`\n${formatTable(figures)}\n`);
  if (figures.some((f) => f.value >= f.goal)) process.exitCode = 1;
}

void main();
