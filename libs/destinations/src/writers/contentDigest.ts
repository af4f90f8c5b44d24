import { createHash } from 'node:crypto';

function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((k) => record[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`).join(',')}}`;
}

/**
 * A digest of an object's content whatever its key order (jsonb and MySQL's JSON reorder keys):
 * what a verification compares a stored object with the provider's by, without keeping either.
 */
export function contentDigest(object: unknown): string {
  return createHash('sha256').update(canonical(object)).digest('base64url');
}
