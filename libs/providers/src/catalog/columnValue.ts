import type { CatalogColumn, CatalogResource } from './types';

/** What a typed column holds before the destination driver serialises it. */
export type ColumnValue = string | number | boolean | Date | object | null;

// Split once per catalog path, not once per column of every row written.
const splitPaths = new Map<string, readonly string[]>();

function keysOf(path: string): readonly string[] {
  let keys = splitPaths.get(path);
  if (!keys) splitPaths.set(path, (keys = path.split('.')));
  return keys;
}

function at(object: unknown, path: string): unknown {
  let value: unknown = object;
  for (const key of keysOf(path)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * The value of one typed column for a provider object. Unix seconds become Dates; an expanded
 * reference becomes its id; anything that does not fit the column's type becomes null rather
 * than failing the batch, since the whole object is in `data` anyway.
 */
export function columnValue(column: CatalogColumn, object: unknown): ColumnValue {
  const raw = at(object, column.path);
  if (raw === undefined || raw === null) return null;
  switch (column.type) {
    case 'text':
      if (typeof raw === 'string') return raw;
      if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
      if (typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string') return (raw as { id: string }).id;
      return null;
    case 'bigint':
    case 'integer':
      return typeof raw === 'number' && Number.isInteger(raw) ? raw : null;
    case 'boolean':
      return typeof raw === 'boolean' ? raw : null;
    case 'timestamp':
      return typeof raw === 'number' && Number.isFinite(raw) ? new Date(raw * 1000) : null;
    case 'json':
      return typeof raw === 'object' ? raw : null;
  }
}

/** Typed column name → value for one object, in catalog order. */
export function typedValues(resource: CatalogResource, object: unknown): Record<string, ColumnValue> {
  const values: Record<string, ColumnValue> = {};
  for (const column of resource.columns) values[column.name] = columnValue(column, object);
  return values;
}
