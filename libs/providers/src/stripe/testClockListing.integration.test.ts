import { startEmulator, type TestEmulator } from '@datasync/testing';
import type { AccountReader } from '../connector';
import { collectPages, idsOf } from '../testing/collect';
import { testSettings } from '../testing/settings';
import { createStripeConnector } from './stripeConnector';

let emulator: TestEmulator;
let reader: AccountReader;
let onClocks: string[];
let accountId: string;

beforeAll(async () => {
  emulator = await startEmulator();
  const account = await emulator.createAccount({ objects: { customers: 250, subscriptions: 0 } });
  accountId = account.id;
  onClocks = [];
  for (const [name, count] of [
    ['first', 3],
    ['second', 2],
  ] as const) {
    const clock = await emulator.admin<{ id: string }>('POST', `/accounts/${accountId}/test_clocks`, { name });
    for (let i = 0; i < count; i++)
      onClocks.push((await emulator.admin<{ id: string }>('POST', `/accounts/${accountId}/customers`, { test_clock: clock.id })).id);
  }
  const connector = createStripeConnector({ settings: testSettings(emulator.baseUrl) });
  const credential = { kind: 'secret_key' as const, key: account.secret_key };
  reader = connector.reader(credential, await connector.verify(credential));
});
afterAll(async () => {
  await emulator.stop();
});

describe('test-mode lists with test clocks', () => {
  it.each([100, 2])('read the customers of every test clock after the plain list (pages of %i)', async (limit) => {
    const ids = idsOf(await collectPages(reader.listPages('customers', { limit })));
    expect(ids).toHaveLength(255);
    expect(new Set(ids).size).toBe(255);
    expect(ids.slice(-5).sort()).toEqual([...onClocks].sort());
  });

  it('resume in the stream their cursor names', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    // Pages of 2 until one ends inside a clock's stream.
    while (!cursor?.includes('/')) {
      const page = await reader.fetchPage('customers', { limit: 2, ...(cursor ? { startingAfter: cursor } : {}) });
      seen.push(...page.objects.map((o) => o.id));
      cursor = page.lastId ?? undefined;
    }
    expect(cursor).toMatch(/^clock_\w+\/cus_\w+$/);
    const rest = idsOf(await collectPages(reader.listPages('customers', { limit: 100, startingAfter: cursor })));
    expect([...seen, ...rest].sort()).toEqual(idsOf(await collectPages(reader.listPages('customers', {}))).sort());
    expect(new Set([...seen, ...rest]).size).toBe(255);
  });
});

describe('a key that may not list test clocks', () => {
  it('reads the plain list and warns, rather than failing the read', async () => {
    const account = await emulator.createAccount({ objects: { customers: 3, subscriptions: 0 }, restricted_key_without: ['test_clocks'] });
    const clock = await emulator.admin<{ id: string }>('POST', `/accounts/${account.id}/test_clocks`, { name: 'hidden' });
    await emulator.admin('POST', `/accounts/${account.id}/customers`, { test_clock: clock.id });
    const connector = createStripeConnector({ settings: testSettings(emulator.baseUrl) });
    const credential = { kind: 'secret_key' as const, key: account.restricted_key };
    const restricted = connector.reader(credential, await connector.verify(credential));
    const page = await restricted.fetchPage('customers', { limit: 100 });
    expect(page.objects).toHaveLength(3);
    expect(page.hasMore).toBe(false);
    expect(page.warnings).toEqual([{ code: 'test_clocks_unreadable', message: expect.stringContaining('Test clocks') as unknown }]);
  });
});

describe('a server without the test clock route', () => {
  it('answers the clock listing 404, and the plain list is read with a warning rather than failing', async () => {
    const account = await emulator.createAccount({ objects: { customers: 3, subscriptions: 0 }, routes_absent: ['test_clocks'] });
    const clock = await emulator.admin<{ id: string }>('POST', `/accounts/${account.id}/test_clocks`, { name: 'unlisted' });
    await emulator.admin('POST', `/accounts/${account.id}/customers`, { test_clock: clock.id });
    const listing = await fetch(`${emulator.baseUrl}/v1/test_helpers/test_clocks`, {
      headers: { Authorization: `Bearer ${account.secret_key}` },
    });
    expect(listing.status).toBe(404);
    expect(await listing.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('Unrecognized request URL (GET: /v1/test_helpers/test_clocks)') as unknown,
      },
    });

    const connector = createStripeConnector({ settings: testSettings(emulator.baseUrl) });
    const credential = { kind: 'secret_key' as const, key: account.secret_key };
    const reader404 = connector.reader(credential, await connector.verify(credential));
    const page = await reader404.fetchPage('customers', { limit: 100 });
    expect(page.objects).toHaveLength(3);
    expect(page.hasMore).toBe(false);
    expect(page.warnings).toEqual([
      { code: 'test_clocks_unreadable', message: expect.stringContaining('does not serve the test clock listing') as unknown },
    ]);
  });
});
