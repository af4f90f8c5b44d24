import { pipeline, Readable, Transform } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { BlobColumn } from '../s3Columns';
import type { BlobRow } from './blobRows';

// Lines go to gzip in chunks of about this many characters: big enough that stream overhead
// vanishes, small enough that a part never sits in memory twice.
const CHUNK_CHARS = 256 * 1024;

function jsonValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return `"${value.toISOString()}"`;
  return JSON.stringify(value);
}

/**
 * One NDJSON line: the common columns, then the typed ones, keys in table order. `data` is the
 * object itself (not a string), so JSON readers see its fields.
 */
export function ndjsonLine(typedColumns: readonly BlobColumn[], row: BlobRow, syncedAt: string): string {
  let line =
    `{"id":${JSON.stringify(row.id)},"account_id":${JSON.stringify(row.accountId)},"data":${row.dataJson},` +
    `"_source_ts":"${row.sourceTs.toISOString()}","_synced_at":"${syncedAt}","_deleted":${row.deleted}`;
  typedColumns.forEach((c, i) => {
    // Names are checked identifiers (s3Columns.ts): nothing to escape.
    line += `,"${c.name}":${jsonValue(row.typed[i])}`;
  });
  return `${line}}\n`;
}

function* chunks(typedColumns: readonly BlobColumn[], rows: readonly BlobRow[], syncedAt: string): Generator<string> {
  let chunk = '';
  for (const row of rows) {
    chunk += ndjsonLine(typedColumns, row, syncedAt);
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk.length > 0) yield chunk;
}

/**
 * A part's gzip NDJSON as a stream, encoded while it uploads, and the count of bytes it produced
 * (read once the upload is done).
 */
export function ndjsonGzipStream(
  typedColumns: readonly BlobColumn[],
  rows: readonly BlobRow[],
  syncedAt: Date,
): { body: Readable; bytes: () => number } {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  // The callback form returns the last stream at once; an error anywhere destroys all three, and
  // the upload reading `counter` fails with it.
  const body = pipeline(Readable.from(chunks(typedColumns, rows, syncedAt.toISOString())), createGzip(), counter, () => undefined);
  return { body, bytes: () => bytes };
}
