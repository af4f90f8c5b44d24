/** A JSON object as the admin API receives it. */
export type JsonObject = { [key: string]: unknown };

export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field of any object, without a cast: generated objects are SDK interfaces, not records. */
export function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

/** The value at a dotted path (`billing_details.email`). */
export function fieldAt(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) current = field(current, key);
  return current;
}

/** A deep copy of an object's JSON form: what a client would see, detached from later changes. */
export function toJsonObject(value: object): JsonObject {
  const copy: unknown = JSON.parse(JSON.stringify(value));
  if (!isPlainObject(copy)) throw new Error('expected an object');
  return copy;
}

/**
 * `patch` applied over `base` the way Stripe's update calls work: nested objects merge key by
 * key, anything else (arrays, scalars, null) replaces.
 */
export function mergePatch(base: JsonObject, patch: JsonObject): JsonObject {
  const result: JsonObject = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const current = result[key];
    result[key] = isPlainObject(value) && isPlainObject(current) ? mergePatch(current, value) : value;
  }
  return result;
}
