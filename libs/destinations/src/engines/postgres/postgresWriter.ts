import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { primaryKey, tableName } from '../../ddl/tableColumns';
import type { FailureSource } from '../../failureMessages';
import { DATA_AT, rowValues, writerColumns } from '../../writers/rowValues';
import { newestPerKey, type KeyedRow, type Writer, type WriterOptions } from '../../writers/writeRow';
import { inTransaction, retryingDeadlocks } from '../sql/transaction';
import { sqlFailure } from '../sql/sqlFailure';
import type { PostgresHandle } from './postgresHandle';
import { postgresDialect as dialect } from './postgresDialect';
import { copyLine } from './copyText';

// Lines are handed to the COPY stream in chunks of about this size: large enough that stream
// overhead vanishes, small enough that a batch never sits in memory twice.
const CHUNK_CHARS = 256 * 1024;

const UNIQUE_VIOLATION = '23505';

/*
 * Why COPY into a temporary table and one INSERT … SELECT … ON CONFLICT per batch: measured with
 * `npm run bench:writer` (100,000 charge rows into an empty table, local Postgres 15, 2 cores
 * shared with other test runs, so absolute figures swing; ratios come from the same run), as a
 * share of psql \copy's rows/s (no upsert, ~7,000-10,000 rows/s there):
 *
 *                                                          1,000 a batch   5,000 a batch
 *   COPY → staging → ON CONFLICT upsert (this writer)         0.38-0.86       0.50-1.09
 *   INSERT … SELECT FROM unnest($1::text[], …) ON CONFLICT    0.20-0.42       0.15-0.45
 *   staging, then one CTE: INSERT … WHERE NOT EXISTS + UPDATE … FROM: no faster for new rows,
 *   ~20% slower for updates (the UPDATE's join scans the target).
 *
 * Half the time goes to parsing `data` as jsonb, which psql \copy pays too. The staging table is
 * created once per connection with ON COMMIT DELETE ROWS: the commit empties it, no TRUNCATE.
 *
 * A batch of rows that are likely new (`likelyNew`: a first backfill's pages) is COPYed straight
 * into the table instead, one statement that is its own transaction: the server parses and stores
 * each row once, as psql \copy does, where the staging path stores it twice and sorts it. When a
 * row is there after all (a page read again after a crash, a change the poll wrote first), the
 * COPY fails on the primary key having written nothing, and the batch goes through the upsert.
 */
export function createPostgresWriter(engine: FailureSource, handle: PostgresHandle, options: WriterOptions): Writer {
  const { schema, spec } = options;
  const table = tableName(spec);
  const columns = writerColumns(spec);
  // One per table and connection: temporary tables are private to the session, so concurrent
  // writers on other connections never share it.
  const staging = `_datasync_stage_${table}`;
  const columnList = columns.map(dialect.quoteIdent).join(', ');
  const copySql = `COPY ${dialect.stagingTable(schema, staging)} (${columnList}) FROM STDIN`;
  const directCopySql = `COPY ${dialect.table(schema, table)} (${columnList}) FROM STDIN`;
  const upsertSql = dialect.upsertFromStaging(schema, table, staging, columns, primaryKey);
  let prepared: Promise<void> | undefined;

  // Dropped first: a staging table left on this connection by an earlier writer may predate
  // columns the table gained since.
  const prepare = async (): Promise<void> => {
    await handle.query(dialect.dropStagingTable(schema, staging));
    await handle.query(dialect.createStagingTable(schema, table, staging, { emptiedOnCommit: true }));
  };

  function* copyChunks(rows: readonly KeyedRow[], syncedAt: Date): Generator<string> {
    let chunk = '';
    for (const row of rows) {
      chunk += copyLine(rowValues(row, syncedAt), DATA_AT);
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk.length > 0) yield chunk;
  }

  const copyRows = (sql: string, rows: readonly KeyedRow[], syncedAt: Date): Promise<void> =>
    pipeline(Readable.from(copyChunks(rows, syncedAt)), handle.client.query(copyFrom(sql)));

  /** False when a row of the batch was in the table already: the COPY then wrote nothing. */
  const insertedAsNew = async (rows: readonly KeyedRow[], syncedAt: Date): Promise<boolean> => {
    try {
      // One COPY is a transaction of its own: it writes all of the batch or nothing.
      await retryingDeadlocks(() => copyRows(directCopySql, rows, syncedAt));
      return true;
    } catch (err) {
      if ((err as { code?: unknown }).code === UNIQUE_VIOLATION) return false;
      throw err;
    }
  };

  return {
    async writeBatch(batch, options) {
      const rows = newestPerKey(batch, spec.columns.length);
      if (rows.length === 0) return { written: 0 };
      try {
        const syncedAt = new Date();
        if (options?.likelyNew === true && (await insertedAsNew(rows, syncedAt))) return { written: rows.length };
        prepared ??= prepare().catch((err: unknown) => {
          prepared = undefined;
          throw err;
        });
        await prepared;
        await inTransaction(handle, async () => {
          await copyRows(copySql, rows, syncedAt);
          await handle.query(upsertSql);
        });
        return { written: rows.length };
      } catch (err) {
        throw sqlFailure(engine, schema, `writing into the table ${table}`, err);
      }
    },
    async close() {
      if (!prepared) return;
      prepared = undefined;
      await handle.query(dialect.dropStagingTable(schema, staging)).catch(() => undefined);
    },
  };
}
