import { gzipSync } from 'node:zlib';
import type { ColumnValue } from '../../../tableSpec';
import type { ColumnSource, SchemaElement } from 'hyparquet-writer' with { 'resolution-mode': 'import' };
import type { BlobColumn, ParquetType } from '../s3Columns';
import type { BlobRow } from './blobRows';

type ParquetWriter = typeof import('hyparquet-writer', { with: { 'resolution-mode': 'import' } });

// hyparquet-writer is published as an ES module only; a dynamic import loads it from CommonJS.
let writerModule: Promise<ParquetWriter> | undefined;
const loadWriter = (): Promise<ParquetWriter> => (writerModule ??= import('hyparquet-writer'));

const utf8 = new TextEncoder();
// Node's native zlib rather than the library's pure-JS Snappy: measured on 5,000 charges, about
// the same time and a file of 0.83 MB instead of 1.5 MB (provider JSON compresses well).
const gzip = (input: Uint8Array): Uint8Array => gzipSync(input);

// Explicit elements rather than hyparquet's shorthand types: JSON with the logical type only
// (its shorthand would serialise our already serialised text again), timestamps marked UTC.
const elements: Record<ParquetType, Omit<SchemaElement, 'name' | 'repetition_type'>> = {
  STRING: { type: 'BYTE_ARRAY', converted_type: 'UTF8', logical_type: { type: 'STRING' } },
  INT64: { type: 'INT64' },
  INT32: { type: 'INT32' },
  BOOLEAN: { type: 'BOOLEAN' },
  TIMESTAMP: {
    type: 'INT64',
    converted_type: 'TIMESTAMP_MILLIS',
    logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' },
  },
  JSON: { type: 'BYTE_ARRAY', logical_type: { type: 'JSON' } },
};

function parquetValue(type: ParquetType, value: ColumnValue): unknown {
  if (value === null) return null;
  switch (type) {
    case 'INT64':
      return typeof value === 'number' ? BigInt(value) : null;
    case 'JSON':
      return utf8.encode(JSON.stringify(value));
    default:
      return value;
  }
}

function commonValues(name: string, rows: readonly BlobRow[], syncedAt: Date): unknown[] {
  switch (name) {
    case 'id':
      return rows.map((r) => r.id);
    case 'account_id':
      return rows.map((r) => r.accountId);
    case 'data':
      return rows.map((r) => utf8.encode(r.dataJson));
    case '_source_ts':
      return rows.map((r) => r.sourceTs);
    case '_synced_at':
      return rows.map(() => syncedAt);
    case '_deleted':
      return rows.map((r) => r.deleted);
    default:
      throw new Error(`no values for common column ${name}`);
  }
}

/**
 * One part as a Parquet file (GZIP pages, one row group per 100,000 rows, min/max statistics on
 * every column but the JSON ones): the common columns, then the typed ones, each with its Parquet
 * type. Built in memory; parts are bounded by rows and bytes.
 */
export async function parquetPart(
  commonColumns: readonly BlobColumn[],
  typedColumns: readonly BlobColumn[],
  rows: readonly BlobRow[],
  syncedAt: Date,
): Promise<Buffer> {
  const { parquetWriteBuffer } = await loadWriter();
  const columns = [...commonColumns, ...typedColumns];
  const schema: SchemaElement[] = [
    { name: 'root', num_children: columns.length },
    ...columns.map((c) => ({
      name: c.name,
      repetition_type: c.nullable ? ('OPTIONAL' as const) : ('REQUIRED' as const),
      ...elements[c.parquetType],
    })),
  ];
  const columnData: ColumnSource[] = [
    ...commonColumns.map((c) => ({
      name: c.name,
      data: commonValues(c.name, rows, syncedAt) as ColumnSource['data'],
      nullable: c.nullable,
      statistics: c.parquetType !== 'JSON',
    })),
    ...typedColumns.map((c, i) => ({
      name: c.name,
      data: rows.map((r) => parquetValue(c.parquetType, r.typed[i] ?? null)) as ColumnSource['data'],
      nullable: true,
      statistics: c.parquetType !== 'JSON',
    })),
  ];
  const buffer = parquetWriteBuffer({
    columnData,
    schema,
    codec: 'GZIP',
    compressors: { GZIP: gzip },
    rowGroupSize: 100_000,
    createdBy: 'datasync',
  });
  return Buffer.from(buffer);
}
