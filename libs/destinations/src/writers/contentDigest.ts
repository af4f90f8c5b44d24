import { createHash } from 'node:crypto';

// JSON.stringify of such a key is the key in quotes: most keys, and cheaper than the call.
const PLAIN_KEY = /^[A-Za-z0-9_]*$/;

/** The value as JSON text with every object's keys sorted (undefined properties left out, as JSON.stringify does). */
function canonical(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i += 1) text += (i > 0 ? ',' : '') + canonical(value[i]);
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  let text = '{';
  for (const key of Object.keys(record).sort()) {
    const item = record[key];
    if (item === undefined) continue;
    text += `${text.length > 1 ? ',' : ''}${PLAIN_KEY.test(key) ? `"${key}"` : JSON.stringify(key)}:${canonical(item)}`;
  }
  return `${text}}`;
}

/**
 * A digest of an object's content whatever its key order (jsonb and MySQL's JSON reorder keys):
 * what a verification of a blob destination compares a stored object with the provider's by,
 * without keeping every stored object of the account in memory (see sameContent for databases).
 */
export function contentDigest(object: unknown): string {
  return createHash('sha256').update(canonical(object)).digest('base64url');
}
