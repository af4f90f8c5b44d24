import { startEmulator, type TestEmulator } from '@datasync/testing';
import type { AccountReader, ProviderObject } from '../connector';
import { collectPages } from '../testing/collect';
import { testSettings } from '../testing/settings';
import { createStripeConnector } from './stripeConnector';
import { endpointOf } from './embeddedLists';

let emulator: TestEmulator;
let reader: AccountReader;
let key: string;

beforeAll(async () => {
  emulator = await startEmulator();
  const account = await emulator.createAccount({ objects: { customers: 20, prices: 30, products: 10, invoices: 300, subscriptions: 200 } });
  key = account.secret_key;
  const connector = createStripeConnector({ settings: testSettings(emulator.baseUrl) });
  const credential = { kind: 'secret_key' as const, key };
  reader = connector.reader(credential, await connector.verify(credential));
});
afterAll(async () => {
  await emulator.stop();
});

interface List {
  data: { id: string }[];
  has_more: boolean;
  url: string;
}

/** Every item of a list URL, read over plain HTTP (not through the connector). */
async function wholeList(url: string): Promise<{ id: string }[]> {
  const items: { id: string }[] = [];
  for (;;) {
    const last = items[items.length - 1];
    const query = `limit=100${last ? `&starting_after=${last.id}` : ''}`;
    const response = await fetch(`${emulator.baseUrl}${url}${url.includes('?') ? '&' : '?'}${query}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const page = (await response.json()) as List;
    items.push(...page.data);
    if (!page.has_more) return items;
  }
}

describe('embedded lists', () => {
  it.each([
    ['invoices', 'lines'],
    ['subscriptions', 'items'],
  ])('%s come with every one of their %s, in pages and in a retrieve', async (resource, field) => {
    const objects = (await collectPages(reader.listPages(resource, {}))).flatMap((p) => p.objects);
    const lists = objects.map((o) => o[field] as List);
    expect(lists.every((l) => l.has_more === false)).toBe(true);
    const long = objects.filter((o) => (o[field] as List).data.length > 10);
    expect(long.length).toBeGreaterThan(0);
    for (const object of long.slice(0, 3)) {
      const list = object[field] as List;
      expect(list.data).toEqual(await wholeList(list.url));
      const retrieved = (await reader.retrieve(resource, object.id)) as ProviderObject;
      expect(retrieved[field]).toEqual(list);
    }
  });

  it('completes an event-like payload given truncated', async () => {
    const response = await fetch(`${emulator.baseUrl}/v1/invoices?limit=100`, { headers: { authorization: `Bearer ${key}` } });
    const page = (await response.json()) as { data: (ProviderObject & { lines: List })[] };
    const truncated = page.data.find((invoice) => invoice.lines.has_more) as ProviderObject & { lines: List };
    const completed = (await reader.completeLists(truncated)) as ProviderObject & { lines: List };
    expect(completed.lines.has_more).toBe(false);
    expect(completed.lines.data).toEqual(await wholeList(truncated.lines.url));
    expect({ ...completed, lines: undefined }).toEqual({ ...truncated, lines: undefined });
  });

  it('spends the budget of one endpoint per list url, ids left out', () => {
    expect(endpointOf('/v1/invoices/in_1AbCdEfGhIjKlMnOp/lines')).toBe('/v1/invoices/:id/lines');
    expect(endpointOf('/v1/subscription_items')).toBe('/v1/subscription_items');
  });
});
