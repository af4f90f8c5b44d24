import type { AccountReader, CatalogResource, ListPagesOptions, Page, ProviderObject } from '@datasync/providers';
import { createdWindows, type ListedWindow } from './createdWindows';

// A provider list in memory: newest first, `created` and `starting_after` as Stripe applies them.
function listing(objects: ProviderObject[]): { reader: AccountReader; requests: () => number } {
  const sorted = [...objects].sort((a, b) => (b.created ?? 0) - (a.created ?? 0) || (a.id < b.id ? 1 : -1));
  let requests = 0;
  const fetchPage = async (_r: unknown, o: ListPagesOptions): Promise<Page> => {
    requests += 1;
    let rows = sorted.filter(
      (x) =>
        (o.createdGte === undefined || (x.created ?? 0) >= o.createdGte) && (o.createdLt === undefined || (x.created ?? 0) < o.createdLt),
    );
    if (o.startingAfter) rows = rows.slice(rows.findIndex((x) => x.id === o.startingAfter) + 1);
    const page = rows.slice(0, o.limit ?? 10);
    const last = page[page.length - 1];
    return {
      objects: page,
      hasMore: rows.length > page.length,
      lastId: last?.id ?? null,
      lastCreated: last?.created ?? null,
      fetchedAt: new Date(),
    };
  };
  return { reader: { fetchPage } as unknown as AccountReader, requests: () => requests };
}

const resource = { name: 'charges' } as CatalogResource;
const objects = (createds: number[]) => createds.map((created, i) => ({ id: `ch_${String(i).padStart(3, '0')}`, created }));

async function all(reader: AccountReader, walk: Parameters<typeof createdWindows>[2]): Promise<ListedWindow[]> {
  const out: ListedWindow[] = [];
  for await (const w of createdWindows(reader, resource, walk)) out.push(w);
  return out;
}

it('lists each object once, one request per page, in windows that tile the range', async () => {
  const data = objects(Array.from({ length: 95 }, (_, i) => 1_000 + i));
  const { reader, requests } = listing(data);
  const windows = await all(reader, { from: null, cursor: 2_000, windowObjects: 20, pageSize: 10 });
  expect(requests()).toBe(10);
  const seen = windows.flatMap((w) => [...w.listed.keys()]);
  expect(seen.sort()).toEqual(data.map((d) => d.id).sort());
  expect(windows[0]?.createdLt).toBe(2_000);
  for (let i = 1; i < windows.length; i++) expect(windows[i]?.createdLt).toBe(windows[i - 1]?.createdGte);
  expect(windows[windows.length - 1]?.createdGte).toBe(0);
  for (const w of windows) for (const item of w.listed.values()) expect(item.object.created).toBeGreaterThanOrEqual(w.createdGte);
  for (const w of windows) for (const item of w.listed.values()) expect(item.object.created).toBeLessThan(w.createdLt);
});

it('never cuts a window inside one created second: objects of a page boundary second go with the next window', async () => {
  // Many objects share seconds, across page boundaries.
  const data = objects(Array.from({ length: 60 }, (_, i) => 500 + Math.floor(i / 7)));
  const { reader } = listing(data);
  const windows = await all(reader, { from: 400, cursor: 1_000, windowObjects: 10, pageSize: 10 });
  const seen = windows.flatMap((w) => [...w.listed.keys()]);
  expect(seen).toHaveLength(60);
  expect(new Set(seen).size).toBe(60);
  for (const w of windows) for (const item of w.listed.values()) expect(item.object.created).toBeGreaterThanOrEqual(w.createdGte);
  expect(windows[windows.length - 1]?.createdGte).toBe(400);
});

it('lists an empty range with one request', async () => {
  const { reader, requests } = listing([]);
  const windows = await all(reader, { from: 10, cursor: 20, windowObjects: 10, pageSize: 10 });
  expect(windows).toHaveLength(1);
  expect(windows[0]?.listed.size).toBe(0);
  expect(requests()).toBe(1);
});

it('closes a window at each page while asked to close early, so a walk stops within a page of its slice', async () => {
  const data = objects(Array.from({ length: 50 }, (_, i) => 1_000 + i));
  const { reader, requests } = listing(data);
  const windows = await all(reader, { from: null, cursor: 2_000, windowObjects: 1_000, pageSize: 10, closeEarly: () => true });
  expect(requests()).toBe(5);
  expect(windows.map((w) => w.listed.size)).toEqual([9, 10, 10, 10, 11]);
  expect(new Set(windows.flatMap((w) => [...w.listed.keys()])).size).toBe(50);
});
