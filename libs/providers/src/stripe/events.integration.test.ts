import { startEmulator, type EmulatorAccount, type TestEmulator } from '@datasync/testing';
import type { AccountReader, EventPage, ProviderObject } from '../connector';
import { EventCursorExpiredError } from '../errors';
import { collectPages } from '../testing/collect';
import { testSettings } from '../testing/settings';
import { createStripeConnector } from './stripeConnector';

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator.stop();
});

async function setup(): Promise<{ account: EmulatorAccount; reader: AccountReader }> {
  const account = await emulator.createAccount({ objects: { customers: 10, charges: 10 } });
  const connector = createStripeConnector({ settings: testSettings(emulator.baseUrl) });
  const credential = { kind: 'secret_key' as const, key: account.secret_key };
  return { account, reader: connector.reader(credential, await connector.verify(credential)) };
}

async function collectEvents(pages: AsyncIterable<EventPage>): Promise<EventPage[]> {
  const all: EventPage[] = [];
  for await (const page of pages) all.push(page);
  return all;
}

describe('events', () => {
  it('carry the object, its resource and whether it was deleted', async () => {
    const { account, reader } = await setup();
    const [customer] = (await reader.fetchPage('customers', { limit: 1 })).objects;
    const created = await emulator.admin<ProviderObject>('POST', `/accounts/${account.id}/charges`, { amount: 4321, status: 'succeeded' });
    await emulator.admin('DELETE', `/accounts/${account.id}/customers/${customer?.id}`);
    const pages = await collectEvents(reader.listEvents({}));
    const events = pages.flatMap((p) => p.events);
    // A succeeded charge makes funds available: Stripe's balance.available, whose Balance has no id.
    expect(events.map((e) => e.type)).toEqual(['customer.deleted', 'balance.available', 'charge.succeeded']);
    expect(events[0]).toMatchObject({ resource: 'customers', objectId: customer?.id, deleted: true, object: { id: customer?.id } });
    expect(events[1]).toMatchObject({ resource: null, objectId: null, object: { object: 'balance' } });
    expect(events[2]).toMatchObject({
      resource: 'charges',
      objectId: created.id,
      deleted: false,
      pinnedShape: true,
      object: { amount: 4321 },
    });
    expect(pages[0]?.cursor).toBe(events[0]?.id);
  });

  it('walk forward from a cursor, oldest first, across pages, filtered by type', async () => {
    const { account, reader } = await setup();
    const first = await emulator.admin<ProviderObject>('POST', `/accounts/${account.id}/customers`, {});
    const [start] = (await collectEvents(reader.listEvents({}))).flatMap((p) => p.events);
    expect(start?.objectId).toBe(first.id);
    const charges: string[] = [];
    for (let i = 0; i < 5; i++) {
      // the status decides the event type (charge.succeeded)
      const charge = await emulator.admin<ProviderObject>('POST', `/accounts/${account.id}/charges`, { status: 'succeeded' });
      charges.push(charge.id);
      await emulator.admin('POST', `/accounts/${account.id}/customers`, {});
    }
    const pages = await collectEvents(reader.listEvents({ after: start?.id as string, types: ['charge.succeeded'], limit: 2 }));
    expect(pages.map((p) => p.events.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((p) => p.events.map((e) => e.objectId))).toEqual(charges);
    const newest = pages[pages.length - 1]?.events[0];
    expect(pages[pages.length - 1]?.cursor).toBe(newest?.id);
    // nothing new since: one empty page, cursor unchanged
    const idle = await collectEvents(reader.listEvents({ after: newest?.id as string, types: ['charge.succeeded'] }));
    expect(idle.map((p) => [p.events.length, p.hasMore, p.cursor])).toEqual([[0, false, newest?.id]]);
  });

  it('refuse a cursor the provider no longer keeps', async () => {
    const { account, reader } = await setup();
    await emulator.admin('POST', `/accounts/${account.id}/charges`, {});
    const [event] = (await collectEvents(reader.listEvents({}))).flatMap((p) => p.events);
    await emulator.admin('POST', `/accounts/${account.id}/clock`, { advance_seconds: 31 * 86_400 });
    await expect(collectEvents(reader.listEvents({ after: event?.id as string }))).rejects.toBeInstanceOf(EventCursorExpiredError);
    await expect(collectEvents(reader.listEvents({ after: 'evt_1NeverExisted0000000000' }))).rejects.toBeInstanceOf(
      EventCursorExpiredError,
    );
  });
});

describe('deleted objects in a backfill and in events', () => {
  it('agree: the list drops the object, the event says deleted', async () => {
    const { account, reader } = await setup();
    const before = (await collectPages(reader.listPages('customers', {}))).flatMap((p) => p.objects);
    const gone = before[4] as ProviderObject;
    await emulator.admin('DELETE', `/accounts/${account.id}/customers/${gone.id}`);
    const after = (await collectPages(reader.listPages('customers', {}))).flatMap((p) => p.objects);
    expect(after.map((o) => o.id)).toEqual(before.filter((o) => o.id !== gone.id).map((o) => o.id));
    const [event] = (await collectEvents(reader.listEvents({ types: ['customer.deleted'] }))).flatMap((p) => p.events);
    expect(event).toMatchObject({ deleted: true, resource: 'customers', object: { id: gone.id } });
  });

  it('agree for draft invoices, which Stripe deletes with invoice.deleted', async () => {
    const { account, reader } = await setup();
    const draft = await emulator.admin<ProviderObject>('POST', `/accounts/${account.id}/invoices`, { status: 'draft' });
    await emulator.admin('DELETE', `/accounts/${account.id}/invoices/${draft.id}`);
    const listed = (await collectPages(reader.listPages('invoices', {}))).flatMap((p) => p.objects);
    expect(listed.map((o) => o.id)).not.toContain(draft.id);
    const [event] = (await collectEvents(reader.listEvents({ types: ['invoice.deleted'] }))).flatMap((p) => p.events);
    expect(event).toMatchObject({ deleted: true, resource: 'invoices', objectId: draft.id });
  });
});
