/**
 * A JSON value as Postgres prints it once stored in jsonb (`data::text`): object keys deduplicated
 * and sorted shortest first, then bytewise; `", "` and `": "` between items; numbers as numeric
 * prints them (no exponent); strings escaped as escape_json does, which for what jsonb can hold is
 * JSON.stringify's escaping. A verification hashes this and compares it with `md5(data::text)`
 * computed by the destination, so a window's stored objects never cross the network.
 */
export function jsonbText(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return numericText(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      // undefined, functions and symbols: JSON.stringify leaves them out of objects and writes null in arrays.
      return 'null';
  }
  if (Array.isArray(value)) return `[${value.map((item) => jsonbText(item)).join(', ')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).filter((key) => isJsonValue(record[key]));
  keys.sort(jsonbKeyOrder);
  return `{${keys.map((key) => `${JSON.stringify(key)}: ${jsonbText(record[key])}`).join(', ')}}`;
}

const isJsonValue = (v: unknown) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol';

// jsonb orders keys by their UTF-8 length, then by their bytes.
function jsonbKeyOrder(a: string, b: string): number {
  const la = Buffer.byteLength(a);
  const lb = Buffer.byteLength(b);
  if (la !== lb) return la - lb;
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** A number as the writer's JSON text becomes once stored as numeric: 1e21 prints 1000000000000000000000. */
export function numericText(n: number): string {
  if (!Number.isFinite(n)) return 'null';
  const text = String(n);
  const e = text.indexOf('e');
  if (e < 0) return text;
  const sign = text.startsWith('-') ? '-' : '';
  const mantissa = text.slice(sign.length, e);
  const exponent = Number(text.slice(e + 1));
  const dot = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  // Where the decimal point falls in `digits` once the exponent is applied.
  const point = (dot < 0 ? mantissa.length : dot) + exponent;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
