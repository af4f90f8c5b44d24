import { isPlainObject } from '../kit/json';
import { stripeErrors } from '../http/stripeErrors';

export interface CreatedRange {
  gt?: number;
  gte?: number;
  lt?: number;
  lte?: number;
}

export type FilterKind = 'string' | 'boolean' | 'range' | 'strings';
export type FilterValue = string | boolean | CreatedRange | string[];

export interface ListParams {
  limit: number;
  startingAfter: string | undefined;
  endingBefore: string | undefined;
  created: CreatedRange;
  filters: Map<string, FilterValue>;
}

const PAGINATION_KEYS = new Set(['limit', 'starting_after', 'ending_before', 'created', 'expand']);
const RANGE_KEYS = ['gt', 'gte', 'lt', 'lte'] as const;

/** An integer as Stripe accepts it in a query string: digits, optionally signed. */
export function parseInteger(param: string, value: unknown): number {
  if (typeof value !== 'string' || !/^-?\d{1,15}$/.test(value.trim()))
    throw stripeErrors.invalidInteger(param, Array.isArray(value) ? 'array' : value);
  return Number(value.trim());
}

function parseString(param: string, value: unknown): string {
  if (typeof value !== 'string') throw stripeErrors.invalidString(param);
  return value;
}

function parseBoolean(param: string, value: unknown): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw stripeErrors.invalidBoolean(param, value);
}

function parseStrings(param: string, value: unknown): string[] {
  // qs gives `ids[]=a&ids[]=b` and `ids[0]=a` as arrays; a lone `ids=a` is accepted as one item.
  const items = Array.isArray(value) ? value : isPlainObject(value) ? Object.values(value) : [value];
  return items.map((item, i) => parseString(`${param}[${i}]`, item));
}

/** `created=…` (exact) or `created[gt|gte|lt|lte]=…`, as Stripe sends range filters. */
export function parseRange(param: string, value: unknown): CreatedRange {
  if (!isPlainObject(value)) {
    const at = parseInteger(param, value);
    return { gte: at, lte: at };
  }
  const range: CreatedRange = {};
  for (const [key, raw] of Object.entries(value)) {
    if (!(RANGE_KEYS as readonly string[]).includes(key)) throw stripeErrors.unknownParameter(`${param}[${key}]`);
    const parsed = parseInteger(`${param}[${key}]`, raw);
    if (key === 'gt') range.gt = parsed;
    else if (key === 'gte') range.gte = parsed;
    else if (key === 'lt') range.lt = parsed;
    else range.lte = parsed;
  }
  return range;
}

function parseFilter(param: string, kind: FilterKind, value: unknown): FilterValue {
  switch (kind) {
    case 'string':
      return parseString(param, value);
    case 'boolean':
      return parseBoolean(param, value);
    case 'range':
      return parseRange(param, value);
    case 'strings':
      return parseStrings(param, value);
  }
}

/**
 * Validates a list request's query the way Stripe does: unknown parameters are refused (a
 * typo must not silently widen a read), `limit` is 1–100, cursors are mutually exclusive.
 */
export function parseListParams(query: unknown, filterKinds: ReadonlyMap<string, FilterKind>): ListParams {
  const input = isPlainObject(query) ? query : {};
  for (const key of Object.keys(input)) {
    if (!PAGINATION_KEYS.has(key) && !filterKinds.has(key)) throw stripeErrors.unknownParameter(key);
  }
  let limit = 10;
  if (input.limit !== undefined) {
    limit = parseInteger('limit', input.limit);
    if (limit < 1 || limit > 100) throw stripeErrors.integerOutOfRange('limit', 1, 100, limit);
  }
  const startingAfter = input.starting_after === undefined ? undefined : parseString('starting_after', input.starting_after);
  const endingBefore = input.ending_before === undefined ? undefined : parseString('ending_before', input.ending_before);
  if (startingAfter !== undefined && endingBefore !== undefined) throw stripeErrors.exclusiveParameters('starting_after', 'ending_before');
  if (input.expand !== undefined) parseStrings('expand', input.expand);
  const created = input.created === undefined ? {} : parseRange('created', input.created);
  const filters = new Map<string, FilterValue>();
  for (const [param, kind] of filterKinds) {
    if (input[param] !== undefined) filters.set(param, parseFilter(param, kind, input[param]));
  }
  return { limit, startingAfter, endingBefore, created, filters };
}
