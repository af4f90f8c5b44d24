import type { PropertyValues } from './crmRecord';
import type { PropertyType } from './propertyDefinitions';
import type { SearchFilter, SearchSort } from './searchRequest';

export type TypeOf = (propertyName: string) => PropertyType | undefined;

/** A value as search compares it: times (ms or ISO) and numbers as numbers, text lower-cased. */
function comparable(value: string, type: PropertyType | undefined): number | string {
  if (type === 'datetime' || type === 'date') {
    const ms = /^-?\d+$/.test(value) ? Number(value) : Date.parse(value);
    return Number.isNaN(ms) ? value.toLowerCase() : ms;
  }
  if (type === 'number') {
    const n = Number(value);
    return Number.isNaN(n) ? value.toLowerCase() : n;
  }
  return value.toLowerCase();
}

function compare(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

function tokenMatch(value: string, pattern: string): boolean {
  const regex = new RegExp(
    `^${pattern
      .toLowerCase()
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')}$`,
  );
  return value
    .toLowerCase()
    .split(/[\s@.,;:_-]+/)
    .concat(value.toLowerCase())
    .some((token) => regex.test(token));
}

export function matchesFilter(values: PropertyValues, filter: SearchFilter, typeOf: TypeOf): boolean {
  const raw = values[filter.propertyName];
  const has = raw !== undefined && raw !== null && raw !== '';
  if (filter.operator === 'HAS_PROPERTY') return has;
  if (filter.operator === 'NOT_HAS_PROPERTY') return !has;
  const type = typeOf(filter.propertyName);
  if (filter.operator === 'NEQ' && !has) return true;
  if (filter.operator === 'NOT_IN' && !has) return true;
  if (!has) return false;
  const actual = comparable(raw, type);
  const against = (v: string | undefined) => compare(actual, comparable(v ?? '', type));
  switch (filter.operator) {
    case 'EQ':
      return against(filter.value) === 0;
    case 'NEQ':
      return against(filter.value) !== 0;
    case 'LT':
      return against(filter.value) < 0;
    case 'LTE':
      return against(filter.value) <= 0;
    case 'GT':
      return against(filter.value) > 0;
    case 'GTE':
      return against(filter.value) >= 0;
    case 'BETWEEN':
      return against(filter.value) >= 0 && against(filter.highValue) <= 0;
    case 'IN':
      return (filter.values ?? []).some((v) => against(v) === 0);
    case 'NOT_IN':
      return !(filter.values ?? []).some((v) => against(v) === 0);
    case 'CONTAINS_TOKEN':
      return tokenMatch(raw, filter.value ?? '');
    case 'NOT_CONTAINS_TOKEN':
      return !tokenMatch(raw, filter.value ?? '');
  }
}

/** Filters in a group are ANDed, groups are ORed; no groups matches everything. */
export function matchesGroups(values: PropertyValues, groups: readonly { filters: SearchFilter[] }[], typeOf: TypeOf): boolean {
  if (groups.length === 0) return true;
  return groups.some((group) => group.filters.every((filter) => matchesFilter(values, filter, typeOf)));
}

/** `query`: a case-insensitive prefix match on any word of the record's text values. */
export function matchesQuery(values: PropertyValues, query: string | undefined): boolean {
  if (!query) return true;
  const needle = query.toLowerCase();
  return Object.values(values).some(
    (value) =>
      value
        ?.toLowerCase()
        .split(/[\s@.]+/)
        .some((word) => word.startsWith(needle)) ?? false,
  );
}

/** Sorts by the one sort given (missing values last), then by id, as a stable order to page over. */
export function sortComparator(sort: SearchSort | undefined, typeOf: TypeOf) {
  return (a: { id: number; values: PropertyValues }, b: { id: number; values: PropertyValues }): number => {
    if (sort) {
      const type = typeOf(sort.propertyName);
      const va = a.values[sort.propertyName];
      const vb = b.values[sort.propertyName];
      if (va == null || vb == null) {
        if (va != null) return -1;
        if (vb != null) return 1;
      } else {
        const order = compare(comparable(va, type), comparable(vb, type));
        if (order !== 0) return sort.direction === 'DESCENDING' ? -order : order;
      }
    }
    return a.id - b.id;
  };
}
