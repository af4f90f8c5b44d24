import { gunzipBounded, pageGunzip, readObjectBytes } from './s3BoundedRead';
import type { S3Handle } from './s3Handle';

type Reader = typeof import('hyparquet', { with: { 'resolution-mode': 'import' } });
let readerModule: Promise<Reader> | undefined;
// hyparquet is an ES module only, like its writer.
const loadReader = (): Promise<Reader> => (readerModule ??= import('hyparquet'));

/** A row of a part file, values as both formats mean them (timestamps as ISO strings, JSON parsed). */
export type PartRow = Record<string, unknown> & { id: string; account_id: string; _source_ts: string; _deleted: boolean };

/**
 * One value as both formats should mean it: integers as numbers, timestamps as ISO strings, JSON
 * parsed. Parquet readers hand out bigints, Dates and JSON text; NDJSON already is this.
 */
function plain(value: unknown, json: boolean): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  if (json && typeof value === 'string') return JSON.parse(value) as unknown;
  return value;
}

/**
 * The rows of one part file, read with a Parquet reader or gunzip + JSON.parse by its extension.
 * The part is the tenant's to rewrite: its size and its decompressed size are bounded (s3BoundedRead).
 */
export async function readPart(handle: S3Handle, key: string): Promise<PartRow[]> {
  const bytes = await readObjectBytes(handle, key);
  if (key.endsWith('.ndjson.gz')) {
    const text = (await gunzipBounded(handle, key, bytes)).toString('utf8');
    if (!text.endsWith('\n')) throw new Error(`${key} does not end with a newline`);
    return text
      .slice(0, -1)
      .split('\n')
      .map((line) => JSON.parse(line) as PartRow);
  }
  if (!key.endsWith('.parquet')) throw new Error(`not a part file: ${key}`);
  const { parquetMetadata, parquetReadObjects } = await loadReader();
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const jsonColumns = new Set(
    parquetMetadata(file)
      .schema.filter((e) => e.logical_type?.type === 'JSON' || e.converted_type === 'JSON')
      .map((e) => e.name),
  );
  // Our parts use GZIP pages; hyparquet decodes only Snappy by itself.
  const rows = await parquetReadObjects({ file, compressors: { GZIP: pageGunzip(handle, key) } });
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plain(v, jsonColumns.has(k))])) as PartRow);
}
