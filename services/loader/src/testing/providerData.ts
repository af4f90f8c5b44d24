/** Every object of a resource as the provider lists it, read directly over HTTP (no connector). */
export async function providerObjects(baseUrl: string, key: string, resource = 'charges'): Promise<Map<string, Record<string, unknown>>> {
  const objects = new Map<string, Record<string, unknown>>();
  let after: string | undefined;
  for (;;) {
    const query = new URLSearchParams({ limit: '100', ...(after ? { starting_after: after } : {}) });
    const response = await fetch(`${baseUrl}/v1/${resource}?${query}`, { headers: { authorization: `Bearer ${key}` } });
    if (!response.ok) throw new Error(`listing ${resource} answered ${response.status}`);
    const body = (await response.json()) as { data: Record<string, unknown>[]; has_more: boolean };
    for (const object of body.data) objects.set(String(object.id), object);
    if (!body.has_more || body.data.length === 0) return objects;
    after = String(body.data[body.data.length - 1]?.id);
  }
}
