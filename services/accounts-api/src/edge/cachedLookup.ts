/**
 * Remembers a lookup's answers per key for `ttlMs` (0: never), so a flag read on every request of
 * a hot path costs a query once per few seconds. Failures are not remembered; the number of keys
 * is bounded, the oldest going first.
 */
export function cachedLookup<T>(
  lookup: (key: string) => Promise<T>,
  ttlMs: number,
  options: { maxEntries?: number; now?: () => number } = {},
): (key: string) => Promise<T> {
  const { maxEntries = 10_000, now = Date.now } = options;
  if (ttlMs <= 0) return lookup;
  const entries = new Map<string, { value: T; expiresAt: number }>();
  return async (key) => {
    const hit = entries.get(key);
    if (hit && hit.expiresAt > now()) return hit.value;
    const value = await lookup(key);
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, { value, expiresAt: now() + ttlMs });
    return value;
  };
}
