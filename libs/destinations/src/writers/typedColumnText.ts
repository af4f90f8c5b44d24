import type { ColumnValue, TableColumn } from '../tableSpec';

/** What a typed column's text stands for when it holds no value (a value's text never is this). */
export const NULL_TEXT = '\u001e';
/** Between two columns' texts in a digest. */
export const COLUMN_SEPARATOR = '\u001f';

const parsedJson = (value: unknown): unknown =>
  typeof value === 'string' ? JSON.parse(value) : Buffer.isBuffer(value) ? JSON.parse(value.toString('utf8')) : value;

/**
 * One typed value as canonical text, whichever driver read it back (a bigint as a string or a
 * number, a boolean as 1 or true, a timestamp as a Date or text): what a verification compares
 * the typed columns by. `json` renders a json column's value as the engine stores it.
 */
export function typedText(column: TableColumn, value: unknown, json: (value: unknown) => string): string {
  if (value === null || value === undefined) return NULL_TEXT;
  switch (column.type) {
    case 'bigint':
    case 'integer':
      return String(typeof value === 'string' ? Number(value) : value);
    case 'boolean':
      return value === true || (typeof value === 'number' && value !== 0) || value === '1' || value === 't' || value === 'true'
        ? 'true'
        : 'false';
    case 'timestamp': {
      const ms = value instanceof Date ? value.getTime() : Date.parse(String(value));
      return Number.isNaN(ms) ? NULL_TEXT : String(ms);
    }
    case 'json':
      return json(parsedJson(value));
    default:
      return String(value);
  }
}

/** The typed columns' texts of a stored row (column name → value as read), joined. */
export function storedTypedText(columns: readonly TableColumn[], row: Record<string, unknown>, json: (value: unknown) => string): string {
  return columns.map((c) => typedText(c, row[c.name], json)).join(COLUMN_SEPARATOR);
}

/** The same text for the values the provider coerced (in the columns' order), as the writer stores them. */
export function expectedTypedText(
  columns: readonly TableColumn[],
  values: readonly ColumnValue[],
  json: (value: unknown) => string,
): string {
  return columns.map((c, i) => typedText(c, values[i] ?? null, json)).join(COLUMN_SEPARATOR);
}

/**
 * Whether a stored row's typed columns hold `values`, compared value by value (json columns by
 * content, whatever order the engine keeps their keys in).
 */
export function holdsTypedValues(
  columns: readonly TableColumn[],
  row: Record<string, unknown>,
  values: readonly ColumnValue[],
  json: (value: unknown) => string,
  sameJson: (stored: unknown, expected: unknown) => boolean,
): boolean {
  return columns.every((c, i) => {
    const expected = values[i] ?? null;
    const stored = row[c.name];
    if (c.type !== 'json' || stored === null || stored === undefined || expected === null) {
      return typedText(c, stored, json) === typedText(c, expected, json);
    }
    return sameJson(parsedJson(stored), expected);
  });
}
