import { commonColumnNames, type ColumnValue, type TableSpec } from '../tableSpec';
import { jsonText, storedJsonText } from './jsonText';
import type { KeyedRow } from './writeRow';

/** The columns a writer fills, in the order of its values: the common ones, then the typed ones. */
export function writerColumns(spec: Pick<TableSpec, 'columns'>): string[] {
  return [...commonColumnNames, ...spec.columns.map((c) => c.name)];
}

/** Both engines stop at year 9999, and an ISO string past it is not SQL. */
export function inDateRange(date: Date): boolean {
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/**
 * `_source_ts` is the guard of every write: one out of range is a bug of the caller, refused
 * loudly rather than stored as something else.
 */
export function checkedSourceTs(row: KeyedRow): Date {
  if (!inDateRange(row.sourceTs)) throw new RangeError(`writeBatch: the sourceTs of object ${row.id} is out of range`);
  return row.sourceTs;
}

/**
 * The `data` column's JSON text: the text the reader handed over when it did, so the hot path
 * serialises nothing again, otherwise the object serialised once. Both in the form the SQL
 * engines' JSON columns accept (jsonText.ts).
 */
export function dataText(row: KeyedRow): string {
  return row.dataJson !== undefined ? storedJsonText(row.dataJson) : jsonText(row.object);
}

// rowValues lists the common values in this order without a lookup per row (it runs for every
// row of every batch); this fails at load time if the common columns are ever reordered.
const COMMON_ORDER = ['id', 'account_id', 'data', '_source_ts', '_synced_at', '_deleted'];
if (commonColumnNames.join() !== COMMON_ORDER.join()) throw new Error('rowValues: the common columns changed');

/** Where `data`, JSON text, is among rowValues' values. */
export const DATA_AT = COMMON_ORDER.indexOf('data');

/**
 * One row's values in `writerColumns` order: `data` as JSON text, then the typed values as the
 * provider coerced them (newestPerKey has checked there is one per column).
 */
export function rowValues(row: KeyedRow, syncedAt: Date): ColumnValue[] {
  return [row.id, row.accountId, dataText(row), checkedSourceTs(row), syncedAt, row.deleted === true, ...row.values];
}
