import type { ColumnType, ColumnValue } from '@datasync/destinations';

// What a provider sends for one field, made into the value its column holds (ColumnValue in
// libs/destinations says what that is per type). Anything that does not fit becomes null rather
// than failing every retry of its batch: the whole object is in `data` anyway.

const INT32_LIMIT = 2 ** 31;
const INTEGER_TEXT = /^[+-]?\d{1,20}$/;
// ISO-8601 as providers write it: a date, or a date and time with an optional zone (HubSpot's
// `2024-01-15T10:30:00.000Z`, its date properties' `2024-01-15`).
const ISO_8601 = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** An integer, from a number or a numeric string ("42"), when the parsed value is exactly it. */
function safeInteger(raw: unknown): number | null {
  // Past 2^53 the parsed number is no longer the provider's integer, only a neighbour of it.
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw : null;
  if (typeof raw === 'string' && INTEGER_TEXT.test(raw)) {
    const parsed = Number(raw);
    return Number.isSafeInteger(parsed) ? parsed : null;
  }
  return null;
}

/** Both SQL engines stop at year 9999, and an ISO string past it is not SQL. */
function inDateRange(date: Date): Date | null {
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999 ? date : null;
}

function isoDate(text: string): Date | null {
  const parts = ISO_8601.exec(text);
  if (!parts) return null;
  const [, day, time, zone] = parts;
  // Without a zone a time would be read in the loader's own time zone: providers mean UTC.
  const date = new Date(time === undefined ? `${day}T00:00:00Z` : `${day}T${time}${zone ?? 'Z'}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A timestamp: a number is unix seconds (Stripe's `created`), a string of digits epoch
 * milliseconds (HubSpot's date-time properties in some APIs), any other string ISO-8601
 * (HubSpot's `createdAt`, `hs_lastmodifieddate`). Kept only in years 1..9999.
 */
function timestamp(raw: unknown): Date | null {
  let date: Date | null = null;
  if (typeof raw === 'number') date = Number.isFinite(raw) ? new Date(raw * 1000) : null;
  else if (typeof raw === 'string') date = INTEGER_TEXT.test(raw) ? new Date(Number(raw)) : isoDate(raw);
  return date && !Number.isNaN(date.getTime()) ? inDateRange(date) : null;
}

function text(raw: unknown): string | null {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  // An expanded reference (`customer: { id, … }`) stands for its id.
  if (typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'string') return (raw as { id: string }).id;
  return null;
}

function boolean(raw: unknown): boolean | null {
  if (typeof raw === 'boolean') return raw;
  // HubSpot sends every property value as a string, booleans as "true" and "false".
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return null;
}

/** The value of a column of `type` for what the provider sent, or null when it does not fit. */
export function coerceValue(type: ColumnType, raw: unknown): ColumnValue {
  if (raw === undefined || raw === null) return null;
  switch (type) {
    case 'text':
    case 'long_text':
      return text(raw);
    case 'bigint':
      return safeInteger(raw);
    case 'integer': {
      const value = safeInteger(raw);
      return value !== null && value >= -INT32_LIMIT && value < INT32_LIMIT ? value : null;
    }
    case 'boolean':
      return boolean(raw);
    case 'timestamp':
      return timestamp(raw);
    case 'json':
      return typeof raw === 'object' ? raw : null;
  }
}
