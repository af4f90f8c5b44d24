import { randomBytes, randomUUID } from 'node:crypto';
import {
  connect,
  createS3Writer,
  createWriter,
  ensureTable,
  getEngine,
  parseConnectionString,
  type BlobFormat,
  type S3Handle,
  type WriteRow,
} from '@datasync/destinations';
import { startTestS3Server, type TestS3 } from '@datasync/destinations/testing';
import { getResource, tableSpecOf, toWriteRows } from '@datasync/providers';
import { benchServers } from './serverEnv';
import { charge, type Charge } from './benchCharges';

// `npm run bench:s3`: 100,000 charges through the S3 writer in each format, into s3rver on
// loopback (a child process, its own files in a temporary folder), beside the Postgres writer
// into the test database (DATABASE_URL) in the same run: rows/s and bytes stored per row. Batches
// of 5,000 as in the writer benchmark, then pages of 100 as the loader writes them (one part
// file per page, so a request per page).
const ROWS = 100_000;
const BATCH = 5_000;
const PAGE = 100;
const ACCOUNT = 'acct_bench';
const charges = getResource('stripe', 'charges');

export interface S3BenchResult {
  name: string;
  rowsPerSecond: number;
  bytesPerRow: number;
}

const rowsOf = (objects: readonly Charge[], sourceTs: Date): WriteRow[] => toWriteRows(charges, ACCOUNT, objects, sourceTs);
const spec = tableSpecOf(charges);

function report(name: string, seconds: number, bytes: number): S3BenchResult {
  const result = { name, rowsPerSecond: ROWS / seconds, bytesPerRow: bytes / ROWS };
  process.stdout.write(
    `  ${name.padEnd(36)} ${seconds.toFixed(2).padStart(6)} s  ${result.rowsPerSecond.toFixed(0).padStart(7)} rows/s  ` +
      `${result.bytesPerRow.toFixed(0).padStart(5)} bytes/row\n`,
  );
  return result;
}

async function s3Run(handle: S3Handle, format: BlobFormat, objects: readonly Charge[], batch: number): Promise<S3BenchResult> {
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  await ensureTable(handle, 's3', prefix, spec);
  const writer = createS3Writer(handle, { engine: 's3', schema: prefix, spec });
  const runId = randomUUID();
  const sourceTs = new Date();
  // One untimed batch elsewhere first: the first format measured would otherwise also pay for
  // warming up the encoders (measured: up to a third of its time).
  const warmup = createS3Writer(handle, { engine: 's3', schema: `${prefix}-warmup`, spec });
  await warmup.writeBatch(rowsOf(objects.slice(0, batch), sourceTs));
  let bytes = 0;
  let rows = 0;
  const started = performance.now();
  for (let i = 0; i < objects.length; i += batch) {
    const result = await writer.writeBatch(rowsOf(objects.slice(i, i + batch), sourceTs), {
      partKey: { runId, segment: 0, sequence: i / batch },
    });
    bytes += result.parts.reduce((n, p) => n + p.bytes, 0);
    rows += result.written;
  }
  const seconds = (performance.now() - started) / 1000;
  if (rows !== ROWS) throw new Error(`s3 ${format}: ${rows} rows written, ${ROWS} expected`);
  return report(`s3 ${format}, ${batch}/batch`, seconds, bytes);
}

async function postgresRun(databaseUrl: string, objects: readonly Charge[]): Promise<S3BenchResult> {
  const { dialect } = getEngine('postgres');
  const handle = await connect(parseConnectionString('postgres', databaseUrl), { allowPrivateNetworks: true });
  const schema = `bench_s3_${randomBytes(4).toString('hex')}`;
  await handle.query(`CREATE SCHEMA ${dialect.quoteIdent(schema)}`);
  try {
    await ensureTable(handle, 'postgres', schema, spec);
    const writer = createWriter(handle, { engine: 'postgres', schema, spec });
    const sourceTs = new Date();
    const started = performance.now();
    for (let i = 0; i < objects.length; i += BATCH) await writer.writeBatch(rowsOf(objects.slice(i, i + BATCH), sourceTs));
    const seconds = (performance.now() - started) / 1000;
    await writer.close();
    const table = dialect.table(schema, charges.table);
    const { rows } = await handle.query(
      `SELECT count(*) AS n, pg_total_relation_size('${table.replace(/'/g, "''")}') AS bytes FROM ${table}`,
    );
    if (Number(rows[0]?.n) !== ROWS) throw new Error(`postgres: ${String(rows[0]?.n)} rows stored, ${ROWS} expected`);
    return report(`postgres writer, ${BATCH}/batch`, seconds, Number(rows[0]?.bytes));
  } finally {
    await handle.query(`DROP SCHEMA IF EXISTS ${dialect.quoteIdent(schema)} CASCADE`);
    await handle.close();
  }
}

/**
 * Runs the benchmark and prints it; `npm run bench:s3` runs it alone, and `npm run bench:loader`
 * runs it as its last part.
 */
export async function runS3Bench(): Promise<S3BenchResult[]> {
  const objects = Array.from({ length: ROWS }, (_, i) => charge(i));
  const jsonBytes = objects.reduce((n, o) => n + JSON.stringify(o).length, 0);
  process.stdout.write(`${ROWS} charges (${(jsonBytes / ROWS).toFixed(0)} bytes of JSON each):\n`);
  const results: S3BenchResult[] = [await postgresRun(benchServers().DATABASE_URL, objects)];
  let s3: TestS3 | undefined;
  try {
    s3 = await startTestS3Server({ gateway: false });
    for (const format of ['ndjson.gz', 'parquet'] as const) {
      const handle = await s3.open({ format });
      try {
        results.push(await s3Run(handle, format, objects, BATCH));
        results.push(await s3Run(handle, format, objects, PAGE));
      } finally {
        await handle.close();
      }
    }
  } finally {
    await s3?.close();
  }
  const [postgres] = results as [S3BenchResult];
  // No goal is set for S3 throughput: the figures compare the formats with the Postgres writer.
  const header = ['writer', 'rows/s', '÷ postgres', 'bytes/row'];
  const lines = results.map((r) => [
    r.name,
    r.rowsPerSecond.toFixed(0),
    `${(r.rowsPerSecond / postgres.rowsPerSecond).toFixed(2)}×`,
    r.bytesPerRow.toFixed(0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  process.stdout.write(`\n${[line(header), line(widths.map((w) => '-'.repeat(w))), ...lines.map(line)].join('\n')}\n`);
  return results;
}

if (require.main === module) {
  runS3Bench().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
