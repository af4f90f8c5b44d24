import { startEmulator, type TestEmulator } from '@datasync/testing';
import { getResource } from '../catalog';
import { toWriteRows } from '../catalog/rowOf';
import { jsonTextOf } from '../json/objectText';
import { createStripeConnector } from './stripeConnector';
import { testSettings } from '../testing/settings';

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator.stop();
});

async function readerFor(objects: Record<string, number>) {
  const account = await emulator.createAccount({ objects });
  const connector = createStripeConnector({ settings: testSettings(emulator.baseUrl) });
  const credential = { kind: 'secret_key' as const, key: account.secret_key };
  return connector.reader(credential, await connector.verify(credential));
}

describe("a list page's objects keep the JSON text they were read as", () => {
  it('each object has its own text, exactly the object, and its row hands it over as data', async () => {
    const reader = await readerFor({ charges: 30 });
    const page = await reader.fetchPage('charges', { limit: 100 });
    expect(page.objects).toHaveLength(30);
    for (const object of page.objects) {
      const text = jsonTextOf(object);
      expect(text).toBeDefined();
      expect(JSON.parse(text as string)).toEqual(object);
    }
    const rows = toWriteRows(getResource('stripe', 'charges'), 'acct_1', page.objects, page.fetchedAt);
    expect(rows.map((r) => r.dataJson)).toEqual(page.objects.map((o) => jsonTextOf(o)));
  });

  it('an object whose embedded lists were completed is a new object, without the text of the truncated one', async () => {
    const reader = await readerFor({ customers: 20, prices: 30, products: 10, invoices: 300, subscriptions: 200 });
    const page = await reader.fetchPage('invoices', { limit: 100 });
    const completed = page.objects.filter((o) => jsonTextOf(o) === undefined);
    // The emulator truncates some invoices' lines (embeddedLists.integration.test.ts).
    expect(completed.length).toBeGreaterThan(0);
    for (const object of page.objects) {
      const text = jsonTextOf(object);
      if (text !== undefined) expect(JSON.parse(text)).toEqual(object);
    }
    const rows = toWriteRows(getResource('stripe', 'invoices'), 'acct_1', completed, page.fetchedAt);
    expect(rows.every((r) => r.dataJson === undefined)).toBe(true);
  });
});
