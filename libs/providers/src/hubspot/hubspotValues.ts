import type { HubspotPropertyType } from './hubspotCatalog';

/** A property value once typed: what a typed column holds. */
export type TypedValue = string | number | boolean | null | unknown[] | Record<string, unknown>;

const DIGITS = /^-?\d+$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * HubSpot answers every property value as a string (or null): numbers as "1200.50", booleans as
 * "true"/"false", datetimes as ISO-8601 in several precisions or, from older APIs and some
 * calculated properties, epoch milliseconds, dates as "YYYY-MM-DD" or midnight UTC. This turns
 * one into the value its column holds. What cannot be read as the type becomes null: the raw
 * string is always kept in the `properties` JSON, so nothing is lost.
 */
export function coerceValue(raw: unknown, type: HubspotPropertyType): TypedValue {
  if (raw === null || raw === undefined) return null;
  const text = typeof raw === 'string' ? raw.trim() : String(raw);
  if (text === '') return null;
  switch (type) {
    case 'number':
      return toNumber(text);
    case 'bool':
      return toBoolean(text);
    case 'datetime':
      return toTimestamp(text);
    case 'date':
      return toDate(text);
    case 'json':
      return toJson(text);
    default:
      return typeof raw === 'string' ? raw : text;
  }
}

function toNumber(text: string): number | null {
  const value = Number(text.replace(/,/g, ''));
  return Number.isFinite(value) ? value : null;
}

function toBoolean(text: string): boolean | null {
  const lower = text.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  return null;
}

/** ISO-8601 in UTC with milliseconds, from epoch ms or any ISO precision. */
export function toTimestamp(text: string): string | null {
  const ms = DIGITS.test(text) ? Number(text) : Date.parse(DAY.test(text) ? `${text}T00:00:00Z` : text);
  if (!Number.isFinite(ms)) return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** `YYYY-MM-DD`: HubSpot keeps date properties as midnight UTC, so the UTC date is the value. */
function toDate(text: string): string | null {
  if (DAY.test(text)) return Number.isNaN(Date.parse(`${text}T00:00:00Z`)) ? null : text;
  const timestamp = toTimestamp(text);
  return timestamp === null ? null : timestamp.slice(0, 10);
}

function toJson(text: string): TypedValue {
  try {
    return JSON.parse(text) as TypedValue;
  } catch {
    return text;
  }
}

/** Epoch ms of a HubSpot time (ISO or epoch ms string); NaN when unreadable. */
export function epochMs(text: string | null | undefined): number {
  if (text === null || text === undefined || text === '') return Number.NaN;
  return DIGITS.test(text) ? Number(text) : Date.parse(text);
}
