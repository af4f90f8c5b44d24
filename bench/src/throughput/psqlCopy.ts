import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { connect, ensureTable, getEngine, parseConnectionString, writerColumns } from '@datasync/destinations';
import { getResource, tableSpecOf } from '@datasync/providers';

// The baseline of the unthrottled end-to-end figure: the real `psql \copy` loading the very rows
// the loader stored (same columns, same data, exported from the loader's destination table) into
// an identical empty table. It needs the `psql` binary (Debian/Ubuntu: `apt-get install
// postgresql-client`).

const run = promisify(execFile);
const charges = tableSpecOf(getResource('stripe', 'charges'));
const { dialect } = getEngine('postgres');
const columnList = writerColumns(charges).map(dialect.quoteIdent).join(', ');

async function psql(databaseUrl: string, command: string): Promise<void> {
  try {
    await run('psql', [databaseUrl, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', command], { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('the unthrottled figure needs the psql binary on the PATH (Debian/Ubuntu: apt-get install postgresql-client)', {
        cause: err,
      });
    }
    throw err;
  }
}

/** Writes the rows of the loader's charges table to `file` as COPY text, in the writer's column order. */
export async function exportCopyText(databaseUrl: string, schema: string, file: string): Promise<void> {
  await psql(databaseUrl, `\\copy ${dialect.table(schema, charges.table)} (${columnList}) TO '${file}'`);
}

/**
 * `psql \copy` of `file` into a fresh table made by ensureTable like the loader's (same columns,
 * keys and indexes), in a scratch schema dropped after; resolves to rows/s.
 */
export async function psqlCopyRate(databaseUrl: string, file: string, rows: number): Promise<{ perSecond: number }> {
  const server = new URL(databaseUrl);
  const schema = `bench_copy_${randomBytes(4).toString('hex')}`;
  const fields = parseConnectionString(
    'postgres',
    `postgres://${server.username}:${server.password || 'unused'}@${server.hostname}:${server.port || 5432}${server.pathname}?sslmode=disable&schema=${schema}`,
  );
  const handle = await connect(fields, { allowPrivateNetworks: true });
  try {
    await handle.query(`create schema ${dialect.quoteIdent(schema)}`);
    await ensureTable(handle, 'postgres', schema, charges);
    const started = performance.now();
    await psql(databaseUrl, `\\copy ${dialect.table(schema, charges.table)} (${columnList}) FROM '${file}'`);
    const seconds = (performance.now() - started) / 1000;
    const { rows: counted } = await handle.query(`select count(*) as n from ${dialect.table(schema, charges.table)}`);
    if (Number(counted[0]?.n) !== rows) throw new Error(`psql \\copy stored ${String(counted[0]?.n)} rows of ${rows}`);
    return { perSecond: rows / seconds };
  } finally {
    await handle.query(`drop schema if exists ${dialect.quoteIdent(schema)} cascade`).catch(() => undefined);
    await handle.close();
  }
}
