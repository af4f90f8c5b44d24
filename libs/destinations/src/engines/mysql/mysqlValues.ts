import type { ColumnValue } from '../../tableSpec';
import { jsonText } from '../../writers/jsonText';

// Strict mode (the default of both servers) refuses a value longer than its column instead of
// cutting it, which would fail every retry of the batch; the full value stays in `data`.
const VARCHAR = /^varchar\((\d+)\)$/i;
const TEXT_BYTES: Record<string, number> = { tinytext: 255, text: 65_535, mediumtext: 16_777_215 };

export type Limit = { chars: number } | { bytes: number } | undefined;

/** How much of a string the column's MySQL type holds: characters for VARCHAR, bytes for TEXT. */
export function textLimit(mysqlType: string): Limit {
  const varchar = VARCHAR.exec(mysqlType);
  if (varchar?.[1]) return { chars: Number(varchar[1]) };
  const bytes = TEXT_BYTES[mysqlType.toLowerCase()];
  return bytes === undefined ? undefined : { bytes };
}

const encoder = new TextEncoder();

/** `text` cut to the limit, never inside a character (MySQL counts code points, not UTF-16 units). */
export function fitText(text: string, limit: Limit): string {
  if (!limit) return text;
  if ('chars' in limit) {
    if (text.length <= limit.chars) return text;
    const points = Array.from(text);
    return points.length <= limit.chars ? text : points.slice(0, limit.chars).join('');
  }
  // UTF-8 needs at most 3 bytes per UTF-16 unit.
  if (text.length * 3 <= limit.bytes) return text;
  // encodeInto writes whole characters only and says how many units it consumed.
  const { read } = encoder.encodeInto(text, new Uint8Array(limit.bytes));
  return text.slice(0, read);
}

/** A value as mysql2 should send it: objects as JSON text, strings fitted to the column. */
export function mysqlValue(value: ColumnValue, limit: Limit): unknown {
  if (value === null || value instanceof Date) return value;
  if (typeof value === 'object') return jsonText(value);
  if (typeof value === 'string') return fitText(value, limit);
  return value;
}
