import { getResource } from '@datasync/providers';

type Json = Record<string, unknown>;

async function get(baseUrl: string, key: string, path: string): Promise<Json> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as Json;
}

async function everyPage(baseUrl: string, key: string, path: string, first: Json[] = []): Promise<Json[]> {
  const items = [...first];
  for (;;) {
    const last = items[items.length - 1];
    const query = `limit=100${last ? `&starting_after=${String(last.id)}` : ''}`;
    const page = await get(baseUrl, key, `${path}${path.includes('?') ? '&' : '?'}${query}`);
    items.push(...(page.data as Json[]));
    if (page.has_more !== true) return items;
  }
}

/**
 * Every object of a resource as the provider holds it, read over plain HTTP (not through the
 * connector): the full list (`status=all` where the list hides objects, and the list of every
 * test clock where the list leaves their objects out), each embedded list read to its end from its
 * url and shown with `has_more: false`. What a complete destination holds.
 */
export async function completeProviderObjects(baseUrl: string, key: string, resource: string): Promise<Map<string, Json>> {
  const entry = getResource('stripe', resource);
  const listOf = async (extra: Record<string, string>) => {
    const params = new URLSearchParams({ ...entry.fullListParams, ...extra }).toString();
    return everyPage(baseUrl, key, `${entry.endpoint}${params ? `?${params}` : ''}`);
  };
  const objects = await listOf({});
  if (entry.listFilters.includes('test_clock')) {
    for (const clock of await everyPage(baseUrl, key, '/v1/test_helpers/test_clocks'))
      objects.push(...(await listOf({ test_clock: String(clock.id) })));
  }
  const out = new Map<string, Json>();
  for (const object of objects) {
    const complete: Json = { ...object };
    for (const [field, value] of Object.entries(object)) {
      const list = value as Json | null;
      if (list?.object !== 'list' || list.has_more !== true) continue;
      complete[field] = { ...list, data: await everyPage(baseUrl, key, String(list.url), list.data as Json[]), has_more: false };
    }
    out.set(String(object.id), complete);
  }
  return out;
}
