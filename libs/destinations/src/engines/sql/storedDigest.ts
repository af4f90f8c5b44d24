import { createHash } from 'node:crypto';
import type { TableColumn } from '../../tableSpec';
import type { SqlEngineName } from '../engineNames';
import { jsonbText } from '../postgres/jsonbText';
import { jsonText } from '../../writers/jsonText';

/**
 * How an engine digests a stored `data` value in SQL, and the same digest of an object computed in
 * the loader. Equal digests mean the same content; a verification fetches a stored value only
 * when they differ, to compare it as before (sameContent), so a window of matching rows sends a
 * digest per row instead of the whole object.
 */
export interface StoredDigest {
  /** The digest of `column` (already quoted), as lowercase hex MD5. */
  sql(column: string): string;
  /** The stored size of `column` in bytes: a value over LOADER_READ_MAX_VALUE_BYTES is never fetched. */
  bytes(column: string): string;
  /** The text the engine hashes for a value with this content. */
  text(object: unknown): string;
  /**
   * A typed column's value as the canonical text of writers/typedColumnText.ts (NULL for no
   * value), computed by the engine: `column` is already quoted.
   */
  typed(column: string, spec: TableColumn): string;
  /** The digest (lowercase hex MD5) of texts joined by COLUMN_SEPARATOR, NULL_TEXT for each NULL. */
  joined(texts: readonly string[]): string;
}

const digests: Record<SqlEngineName, StoredDigest> = {
  // jsonb prints itself canonically (jsonbText), whatever order the writer sent.
  postgres: {
    sql: (column) => `md5(${column}::text)`,
    bytes: (column) => `octet_length(${column}::text)`,
    text: jsonbText,
    typed: (column, spec) => {
      switch (spec.type) {
        case 'timestamp':
          return `round(extract(epoch FROM ${column}) * 1000)::bigint::text`;
        case 'text':
        case 'long_text':
          return column;
        default:
          // bigint and integer print as digits, boolean as true/false, jsonb canonically (jsonbText).
          return `${column}::text`;
      }
    },
    joined: (texts) => `md5(concat_ws(chr(31), ${texts.map((t) => `coalesce(${t}, chr(30))`).join(', ')}))`,
  },
  // MariaDB keeps JSON as the text written (the writer's jsonText); MySQL's JSON prints itself in its
  // own order, which differs from it, so there every changed-looking row is fetched and compared.
  mysql: {
    sql: (column) => `MD5(${column})`,
    bytes: (column) => `LENGTH(${column})`,
    text: (object) => (object !== null && typeof object === 'object' ? jsonText(object) : JSON.stringify(object)),
    typed: (column, spec) => {
      switch (spec.type) {
        case 'bigint':
        case 'integer':
          return `CAST(${column} AS CHAR)`;
        case 'boolean':
          return `CASE WHEN ${column} IS NULL THEN NULL WHEN ${column} <> 0 THEN 'true' ELSE 'false' END`;
        case 'timestamp':
          // DATETIME(3) holds UTC without a zone: counted from the epoch, whatever the session's zone.
          return `CAST(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', ${column}) DIV 1000 AS CHAR)`;
        default:
          // text as is; JSON as the text written (jsonText), as for `data`.
          return column;
      }
    },
    joined: (texts) => `MD5(CONCAT_WS(CHAR(31 USING utf8mb4), ${texts.map((t) => `COALESCE(${t}, CHAR(30 USING utf8mb4))`).join(', ')}))`,
  },
};

export function storedDigest(engine: SqlEngineName): StoredDigest {
  return digests[engine];
}

export const md5Hex = (text: string): string => createHash('md5').update(text).digest('hex');
