import { columnValue, commonColumnNames, type CatalogColumn, type CatalogResource, type ColumnValue } from '@datasync/providers';
import type { KeyedRow } from './writeRow';

const INTEGER_LIMIT = 2 ** 31;

/** The columns a writer fills, in the order of its values: the common ones, then the typed ones. */
export function writerColumns(resource: Pick<CatalogResource, 'columns'>): string[] {
  return [...commonColumnNames, ...resource.columns.map((c) => c.name)];
}

function inDateRange(date: Date): boolean {
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/**
 * A typed column's value, or null when it would not fit the SQL type: one odd value must not
 * fail every retry of its batch (the whole object is in `data` anyway).
 */
export function typedValue(column: CatalogColumn, object: unknown): ColumnValue {
  const value = columnValue(column, object);
  switch (column.type) {
    case 'bigint':
      // Past 2^53 the parsed number is no longer the provider's integer, only a neighbour of it.
      return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
    case 'integer':
      return typeof value === 'number' && value >= -INTEGER_LIMIT && value < INTEGER_LIMIT ? value : null;
    case 'timestamp':
      // Both engines stop at year 9999, and an ISO string past it is not SQL.
      return value instanceof Date && inDateRange(value) ? value : null;
    default:
      return value;
  }
}

// rowValues lists the common values in this order without a lookup per row (it runs for every
// row of every batch); this fails at load time if the catalog ever reorders them.
const COMMON_ORDER = ['id', 'account_id', 'data', '_source_ts', '_synced_at', '_deleted'];
if (commonColumnNames.join() !== COMMON_ORDER.join()) throw new Error('rowValues: the catalog common columns changed');

/** One row's values in `writerColumns` order; `data` stays an object, each engine serialises it. */
export function rowValues(resource: Pick<CatalogResource, 'columns'>, row: KeyedRow, syncedAt: Date): ColumnValue[] {
  if (!inDateRange(row.sourceTs)) throw new RangeError(`writeBatch: the sourceTs of object ${row.id} is out of range`);
  const values: ColumnValue[] = [row.id, row.accountId, row.object, row.sourceTs, syncedAt, row.deleted === true];
  for (const column of resource.columns) values.push(typedValue(column, row.object));
  return values;
}
