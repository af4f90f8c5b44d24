import type { ColumnValue, WriteRow } from '@datasync/destinations';
import { jsonTextOf } from '../json/objectText';
import { coerceValue } from './coerce';
import type { CatalogResource } from './types';

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

/** The resource's typed column values for one object, in catalog order (the order of its table spec). */
export function typedValues(resource: Pick<CatalogResource, 'columns'>, object: unknown): ColumnValue[] {
  const values: ColumnValue[] = new Array<ColumnValue>(resource.columns.length);
  resource.columns.forEach((column, i) => {
    values[i] = coerceValue(column.type, at(object, column.path));
  });
  return values;
}

/** One object's state as the loader read it. */
export interface ObjectState {
  /** The account's identifier: the rows' `account_id`. */
  accountId: string;
  object: Record<string, unknown>;
  /** The JSON text `object` was parsed from, when the reader kept it; must be exactly `object`. */
  dataJson?: string;
  /** When the provider produced this state. */
  sourceTs: Date;
  deleted?: boolean;
}

/**
 * The row a destination stores for an object of `resource`: its typed values coerced here, by
 * the provider, in the order of `tableSpecOf(resource)`'s columns, and the JSON text the object
 * was read as when the reader kept it (json/objectText.ts).
 */
export function toWriteRow(resource: Pick<CatalogResource, 'columns'>, state: ObjectState): WriteRow {
  const row: WriteRow = { ...state, values: typedValues(resource, state.object) };
  const dataJson = state.dataJson ?? jsonTextOf(state.object);
  if (dataJson !== undefined) row.dataJson = dataJson;
  return row;
}

/** The rows of many objects of one resource read together (a page), all at `sourceTs`. */
export function toWriteRows(
  resource: Pick<CatalogResource, 'columns'>,
  accountId: string,
  objects: readonly Record<string, unknown>[],
  sourceTs: Date,
): WriteRow[] {
  return objects.map((object) => toWriteRow(resource, { accountId, object, sourceTs }));
}
