import { createHash } from 'node:crypto';
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
}

const digests: Record<SqlEngineName, StoredDigest> = {
  // jsonb prints itself canonically (jsonbText), whatever order the writer sent.
  postgres: {
    sql: (column) => `md5(${column}::text)`,
    bytes: (column) => `octet_length(${column}::text)`,
    text: jsonbText,
  },
  // MariaDB keeps JSON as the text written (the writer's jsonText); MySQL's JSON prints itself in its
  // own order, which differs from it, so there every changed-looking row is fetched and compared.
  mysql: {
    sql: (column) => `MD5(${column})`,
    bytes: (column) => `LENGTH(${column})`,
    text: (object) => (object !== null && typeof object === 'object' ? jsonText(object) : JSON.stringify(object)),
  },
};

export function storedDigest(engine: SqlEngineName): StoredDigest {
  return digests[engine];
}

export const md5Hex = (text: string): string => createHash('md5').update(text).digest('hex');
