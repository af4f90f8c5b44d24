import { createHash } from 'node:crypto';
import type { CatalogResource, ColumnValue } from '@datasync/providers';
import { typedValue } from '../../../writers/rowValues';
import type { KeyedRow } from '../../../writers/writeRow';

/** One row ready for either encoder: the object serialised once, the typed columns read once. */
export interface BlobRow {
  accountId: string;
  id: string;
  /** JSON text of the whole provider object: the `data` column. */
  dataJson: string;
  sourceTs: Date;
  deleted: boolean;
  /** The resource's typed columns, in catalog order. */
  typed: ColumnValue[];
  /** About the bytes the row takes uncompressed, for sizing parts. */
  size: number;
}

// Both formats stop at year 9999 as the databases do; an ISO string past it is not one readers parse.
const inDateRange = (date: Date): boolean => date.getUTCFullYear() >= 1 && date.getUTCFullYear() <= 9999;

function valueSize(value: ColumnValue): number {
  if (value === null) return 4;
  if (typeof value === 'string') return value.length + 2;
  if (typeof value === 'object' && !(value instanceof Date)) return JSON.stringify(value).length;
  return 24;
}

export function toBlobRows(resource: Pick<CatalogResource, 'columns'>, rows: readonly KeyedRow[]): BlobRow[] {
  return rows.map((row) => {
    if (!inDateRange(row.sourceTs)) throw new RangeError(`writeBatch: the sourceTs of object ${row.id} is out of range`);
    const dataJson = JSON.stringify(row.object);
    const typed = resource.columns.map((c) => typedValue(c, row.object));
    // The common columns' names and values take about 120 bytes in an NDJSON line.
    const size = dataJson.length + 120 + row.id.length + row.accountId.length + typed.reduce<number>((n, v) => n + valueSize(v) + 16, 0);
    return { accountId: row.accountId, id: row.id, dataJson, sourceTs: row.sourceTs, deleted: row.deleted === true, typed, size };
  });
}

/** A hash of what the rows say (not when they were written), naming parts that have no part key. */
export function contentHash(rows: readonly BlobRow[]): string {
  const hash = createHash('sha256');
  for (const r of rows) hash.update(`${r.accountId}\0${r.id}\0${r.sourceTs.getTime()}\0${r.deleted ? 1 : 0}\0${r.dataJson}\n`);
  return hash.digest('hex');
}

/**
 * Splits rows into parts of at most `maxRows` rows and about `maxBytes` bytes, in order. The
 * split depends only on the rows, so a retried batch produces the same parts under the same names.
 * A single row larger than `maxBytes` gets a part of its own.
 */
export function splitParts<T extends { size: number }>(rows: readonly T[], maxRows: number, maxBytes: number): T[][] {
  const parts: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    if (current.length > 0 && (current.length >= maxRows || bytes + row.size > maxBytes)) {
      parts.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += row.size;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}
