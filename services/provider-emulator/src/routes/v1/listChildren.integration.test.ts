import { startTestEmulator, type TestEmulator } from '../../testing/testEmulator';

let emulator: TestEmulator;
let auth: Record<string, string>;

interface List {
  object: string;
  data: { id: string }[];
  has_more: boolean;
  url: string;
}

beforeAll(async () => {
  emulator = await startTestEmulator();
  const account = await emulator.createAccount({ objects: { customers: 20, prices: 30, products: 10, invoices: 200, subscriptions: 200 } });
  auth = { authorization: `Bearer ${account.secret_key}` };
});

afterAll(async () => {
  await emulator.close();
});

async function all<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  let after: string | undefined;
  for (;;) {
    const sep = path.includes('?') ? '&' : '?';
    const page = (await emulator.call('GET', `${path}${sep}limit=100${after ? `&starting_after=${after}` : ''}`, { headers: auth }))
      .body as List;
    items.push(...(page.data as T[]));
    if (!page.has_more) return items;
    after = page.data[page.data.length - 1]?.id;
  }
}

async function pagedById(url: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  for (;;) {
    const sep = url.includes('?') ? '&' : '?';
    const page = (await emulator.call('GET', `${url}${sep}limit=${limit}${after ? `&starting_after=${after}` : ''}`, { headers: auth }))
      .body as List;
    ids.push(...page.data.map((item) => item.id));
    if (!page.has_more) return ids;
    after = page.data[page.data.length - 1]?.id;
  }
}

describe('embedded lists', () => {
  it.each([
    ['/v1/invoices', 'lines', 'line_item'],
    ['/v1/subscriptions?status=all', 'items', 'subscription_item'],
  ])('%s embeds the first 10 %s with has_more, and the list url serves them all in pages', async (endpoint, field, object) => {
    const parents = await all<Record<string, List>>(endpoint);
    const truncated = parents.filter((p) => p[field]?.has_more);
    expect(truncated.length).toBeGreaterThan(0);
    expect(parents.every((p) => (p[field]?.data.length ?? 0) <= 10)).toBe(true);
    for (const parent of truncated.slice(0, 3)) {
      const list = parent[field] as List;
      expect(list.data).toHaveLength(10);
      const whole = await pagedById(list.url, 7);
      expect(whole.length).toBeGreaterThan(10);
      expect(new Set(whole).size).toBe(whole.length);
      expect(whole.slice(0, 10)).toEqual(list.data.map((item) => item.id));
      const first = (await emulator.call('GET', `${list.url}${list.url.includes('?') ? '&' : '?'}limit=100`, { headers: auth }))
        .body as List;
      expect(first).toMatchObject({ object: 'list', has_more: false, url: list.url.split('?')[0] });
      expect(first.data.every((item) => (item as unknown as { object: string }).object === object)).toBe(true);
      // Retrieve embeds the same first page.
      const one = (await emulator.call('GET', `${endpoint.split('?')[0]}/${(parent as unknown as { id: string }).id}`, { headers: auth }))
        .body as Record<string, List>;
      expect(one[field]).toEqual(list);
    }
  });

  it('pages backwards with ending_before, and refuses unknown parents and cursors', async () => {
    const invoices = await all<{ id: string; lines: List }>('/v1/invoices');
    const long = invoices.find((i) => i.lines.has_more) as { id: string; lines: List };
    const ids = await pagedById(long.lines.url, 100);
    const before = (await emulator.call('GET', `${long.lines.url}?limit=3&ending_before=${ids[5]}`, { headers: auth })).body as List;
    expect(before.data.map((i) => i.id)).toEqual(ids.slice(2, 5));
    expect(before.has_more).toBe(true);
    expect((await emulator.call('GET', '/v1/invoices/in_nope/lines', { headers: auth })).status).toBe(404);
    expect((await emulator.call('GET', `${long.lines.url}?starting_after=il_nope`, { headers: auth })).status).toBe(400);
    const missing = await emulator.call('GET', '/v1/subscription_items', { headers: auth });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: { param: 'subscription' } });
  });
});
