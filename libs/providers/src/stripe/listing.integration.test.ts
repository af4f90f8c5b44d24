import { startEmulator, type TestEmulator } from '@datasync/testing';
import { createStripeConnector } from '../stripe/stripeConnector';
import { parallelRead } from '../testing/parallelRead';
import type { AccountReader, ProviderObject } from '../connector';
import { collectPages, idsOf } from '../testing/collect';
import { testSettings } from '../testing/settings';

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator.stop();
});

async function readerFor(body: Record<string, unknown>): Promise<{ reader: AccountReader; accountId: string }> {
  const account = await emulator.createAccount(body);
  const connector = createStripeConnector({ settings: testSettings(emulator.baseUrl) });
  const credential = { kind: 'secret_key' as const, key: account.secret_key };
  return { reader: connector.reader(credential, await connector.verify(credential)), accountId: account.id };
}

function createdOf(o: ProviderObject): number {
  if (typeof o.created !== 'number') throw new Error(`${o.id} has no created`);
  return o.created;
}

describe('listing pages', () => {
  it('returns exactly 100 objects as one final page', async () => {
    const { reader } = await readerFor({ objects: { charges: 100 } });
    const pages = await collectPages(reader.listPages('charges', { limit: 100 }));
    expect(pages.map((p) => [p.objects.length, p.hasMore])).toEqual([[100, false]]);
    expect(new Set(idsOf(pages)).size).toBe(100);
  });

  it('returns 101 objects as 100 + 1, newest first, the cursor on the last object', async () => {
    const { reader } = await readerFor({ objects: { charges: 101 } });
    const pages = await collectPages(reader.listPages('charges', { limit: 100 }));
    expect(pages.map((p) => [p.objects.length, p.hasMore])).toEqual([
      [100, true],
      [1, false],
    ]);
    const objects = pages.flatMap((p) => p.objects);
    expect(new Set(objects.map((o) => o.id)).size).toBe(101);
    const created = objects.map(createdOf);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const first = pages[0];
    expect(first?.lastId).toBe(first?.objects[99]?.id);
    expect(first?.lastCreated).toBe(created[99]);
    expect(first?.fetchedAt).toBeInstanceOf(Date);
  });

  it('returns one empty final page for an empty resource', async () => {
    const { reader } = await readerFor({ objects: { charges: 0 } });
    const pages = await collectPages(reader.listPages('charges', {}));
    expect(pages).toEqual([{ objects: [], hasMore: false, lastId: null, lastCreated: null, fetchedAt: expect.any(Date) }]);
  });

  // 200,000 charges over one day: several per second, so bounds fall inside groups of
  // same-second objects.
  it('treats createdGte as inclusive and createdLt as exclusive, ties included', async () => {
    const { reader } = await readerFor({ objects: { charges: 200_000 }, history_days: 1 });
    const [newest] = (await reader.fetchPage('charges', { limit: 1 })).objects;
    const c = createdOf(newest as ProviderObject) - 3600;
    const second = idsOf(await collectPages(reader.listPages('charges', { createdGte: c, createdLt: c + 1 })));
    expect(second.length).toBeGreaterThanOrEqual(2);
    const below = await collectPages(reader.listPages('charges', { createdGte: c - 5, createdLt: c }));
    const from = await collectPages(reader.listPages('charges', { createdGte: c, createdLt: c + 5 }));
    const whole = await collectPages(reader.listPages('charges', { createdGte: c - 5, createdLt: c + 5 }));
    expect(below.flatMap((p) => p.objects).every((o) => createdOf(o) < c && createdOf(o) >= c - 5)).toBe(true);
    expect(from.flatMap((p) => p.objects).every((o) => createdOf(o) >= c && createdOf(o) < c + 5)).toBe(true);
    expect(idsOf(from)).toEqual(expect.arrayContaining(second));
    expect([...idsOf(from), ...idsOf(below)]).toEqual(idsOf(whole));
  });

  it('applies list filters', async () => {
    const { reader } = await readerFor({ objects: { charges: 300, customers: 10 } });
    const [charge] = (await reader.fetchPage('charges', { limit: 1 })).objects;
    const customer = charge?.customer;
    expect(typeof customer).toBe('string');
    const pages = await collectPages(reader.listPages('charges', { filters: { customer: customer as string } }));
    const objects = pages.flatMap((p) => p.objects);
    expect(objects.length).toBeGreaterThan(0);
    expect(objects.every((o) => o.customer === customer)).toBe(true);
  });
});

describe('deleted objects', () => {
  it('leave lists, and retrieve answers a stub or nothing', async () => {
    const { reader, accountId } = await readerFor({ objects: { customers: 30, products: 20 } });
    const customers = idsOf(await collectPages(reader.listPages('customers', {})));
    const products = idsOf(await collectPages(reader.listPages('products', {})));
    const [customer, product] = [customers[3] as string, products[5] as string];
    await emulator.admin('DELETE', `/accounts/${accountId}/customers/${customer}`);
    await emulator.admin('DELETE', `/accounts/${accountId}/products/${product}`);
    const after = idsOf(await collectPages(reader.listPages('customers', {})));
    expect(after).toHaveLength(29);
    expect(after).not.toContain(customer);
    expect(await reader.retrieve('customers', customer)).toEqual({ id: customer, object: 'customer', deleted: true });
    expect(await reader.retrieve('products', product)).toBeNull();
    expect(await reader.retrieve('products', products[6] as string)).toMatchObject({ id: products[6], object: 'product' });
  });

  it('keeps canceled subscriptions in a full read', async () => {
    const { reader, accountId } = await readerFor({ objects: { subscriptions: 12, customers: 5, prices: 3, products: 2 } });
    const before = (await collectPages(reader.listPages('subscriptions', {}))).flatMap((p) => p.objects);
    expect(before).toHaveLength(12);
    const target = before.find((s) => s.status !== 'canceled') as ProviderObject;
    await emulator.admin('DELETE', `/accounts/${accountId}/subscriptions/${target.id}`);
    const after = (await collectPages(reader.listPages('subscriptions', {}))).flatMap((p) => p.objects);
    expect(after).toHaveLength(12);
    expect(after.find((s) => s.id === target.id)?.status).toBe('canceled');
  });

  it('do not make paging skip or repeat when the cursor object goes away', async () => {
    const { reader, accountId } = await readerFor({ objects: { customers: 23 } });
    const all = idsOf(await collectPages(reader.listPages('customers', {})));
    const pages = reader.listPages('customers', { limit: 5 });
    const first = await pages.next();
    if (first.done) throw new Error('no first page');
    await emulator.admin('DELETE', `/accounts/${accountId}/customers/${first.value.lastId}`);
    const rest = idsOf(await collectPages({ [Symbol.asyncIterator]: () => pages }));
    const seen = [...first.value.objects.map((o) => o.id), ...rest];
    expect(seen).toEqual(all);
  });
});

describe('parallel segments', () => {
  it('read a range exactly once however often they are split', async () => {
    const { reader } = await readerFor({ objects: { charges: 200_000 }, history_days: 1 });
    const [newest] = (await reader.fetchPage('charges', { limit: 1 })).objects;
    const lt = createdOf(newest as ProviderObject) + 1;
    const range = { gte: lt - 1200, lt };
    const sequential = idsOf(await collectPages(reader.listPages('charges', { createdGte: range.gte, createdLt: range.lt })));
    expect(sequential.length).toBeGreaterThan(2500);

    const seen: string[] = [];
    const result = await parallelRead(reader, 'charges', {
      range,
      concurrency: 4,
      limit: 20,
      onPage: (page, segment) => {
        for (const o of page.objects) {
          expect(createdOf(o)).toBeGreaterThanOrEqual(segment.gte);
          expect(createdOf(o)).toBeLessThan(segment.lt);
          seen.push(o.id);
        }
      },
    });
    expect(result.splits).toBeGreaterThan(0);
    expect(result.objects).toBe(sequential.length);
    expect(seen.length).toBe(sequential.length);
    expect(new Set(seen)).toEqual(new Set(sequential));
  });
});
