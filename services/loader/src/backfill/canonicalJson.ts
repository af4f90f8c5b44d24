import type { JsonValue } from '@datasync/providers';

/**
 * JSON text with every object's keys sorted. A stored cursor comes back from jsonb with its keys
 * in jsonb's order, not in the order they were written: a batch's part key (blob destinations
 * name the batch's files by the cursor it was read after) must name it the same way before and
 * after a crash, or the batch written again would leave its first files beside the new ones.
 */
export function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] as JsonValue)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}
