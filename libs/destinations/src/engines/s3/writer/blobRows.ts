import { createHash } from 'node:crypto';
import type { ColumnValue } from '../../../tableSpec';
import { checkedSourceTs } from '../../../writers/rowValues';
import type { KeyedRow } from '../../../writers/writeRow';

/** One row ready for either encoder: the object serialised once, the typed columns read once. */
export interface BlobRow {
  accountId: string;
  id: string;
  /** JSON text of the whole provider object: the `data` column. */
  dataJson: string;
  sourceTs: Date;
  deleted: boolean;
  /** The spec's typed columns, in spec order. */
  typed: readonly ColumnValue[];
  /** About the bytes the row takes uncompressed, for sizing parts. */
  size: number;
}

const LINE_BREAK = /[\r\n]/g;

/**
 * The reader's JSON text as one NDJSON line's `data`. Inside a JSON string a line break is always
 * escaped, so a raw one can only be whitespace between tokens (a pretty-printed body) and removing
 * it changes nothing a JSON reader sees.
 */
export function oneLineJson(json: string): string {
  return json.includes('\n') || json.includes('\r') ? json.replace(LINE_BREAK, '') : json;
}

function valueSize(value: ColumnValue): number {
  if (value === null) return 4;
  if (typeof value === 'string') return value.length + 2;
  if (typeof value === 'object' && !(value instanceof Date)) return JSON.stringify(value).length;
  return 24;
}

/** Both formats stop at year 9999 as the databases do (checkedSourceTs); typed values come as the provider coerced them. */
export function toBlobRows(rows: readonly KeyedRow[]): BlobRow[] {
  return rows.map((row) => {
    const sourceTs = checkedSourceTs(row);
    const dataJson = row.dataJson !== undefined ? oneLineJson(row.dataJson) : JSON.stringify(row.object);
    const typed = row.values;
    // The common columns' names and values take about 120 bytes in an NDJSON line.
    const size = dataJson.length + 120 + row.id.length + row.accountId.length + typed.reduce<number>((n, v) => n + valueSize(v) + 16, 0);
    return { accountId: row.accountId, id: row.id, dataJson, sourceTs, deleted: row.deleted === true, typed, size };
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
