import type { ColumnValue } from '../../tableSpec';
import { jsonText } from '../../writers/jsonText';

// COPY's text format: fields separated by tabs, rows by newlines, NULL as \N, and backslash
// starting an escape, so these four characters are the ones a value must escape.
const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function escapeText(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIAL_ALL, (c) => ESCAPES[c] ?? c) : text;
}

/** JSON text needs only its backslashes doubled: JSON.stringify escapes every control character. */
function escapeJson(json: string): string {
  return json.includes('\\') ? json.replaceAll('\\', '\\\\') : json;
}

/** One field in COPY text format: strings (the `data` JSON text among them) verbatim, objects as JSON, dates as ISO 8601 UTC. */
export function copyField(value: ColumnValue | undefined): string {
  if (value === null || value === undefined) return '\\N';
  switch (typeof value) {
    case 'string':
      // Postgres text cannot hold U+0000; dropping it keeps one such value from failing every retry.
      return escapeText(value.includes('\0') ? value.replaceAll('\0', '') : value);
    case 'number':
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    default:
      return value instanceof Date ? value.toISOString() : escapeJson(jsonText(value));
  }
}

/** One row of COPY text, newline included. */
export function copyLine(values: readonly ColumnValue[]): string {
  let line = copyField(values[0]);
  for (let i = 1; i < values.length; i += 1) line += `\t${copyField(values[i])}`;
  return `${line}\n`;
}
