import { startEmulator, type EmulatorAccount, type TestEmulator } from '@datasync/testing';
import { getResource } from '../../catalog';
import type { AccountReader, ProviderObject } from '../../connector';
import type { ChangeCursor, ChangePage, ObjectChange, ProviderChanges } from '../../contract/changes';
import { ChangeCursorExpiredError } from '../../errors';
import { testSettings } from '../../testing/settings';
import { createStripeConnector } from '../stripeConnector';

// The changes contract (contract/changes.ts) on the Stripe connector, against the emulator over
// HTTP: from a cursor, exactly the objects changed since come out, deletions marked, with a cursor
// that reads on from there; a cursor past the provider's retention is the typed error.

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator.stop();
});

const resources = [getResource('stripe', 'customers'), getResource('stripe', 'charges')];

async function setup(): Promise<{ account: EmulatorAccount; reader: AccountReader; changes: ProviderChanges; cursor: ChangeCursor }> {
  const account = await emulator.createAccount({ objects: { customers: 5, charges: 5 } });
  // No look-back: what each read returns must not depend on how long the test took.
  const connector = createStripeConnector({ settings: testSettings(emulator.baseUrl), changeLookBackS: 0 });
  const credential = { kind: 'secret_key' as const, key: account.secret_key };
  const reader = connector.reader(credential, await connector.verify(credential));
  // A run that loaded the account froze its snapshot now; its seeded objects carry no events.
  return { account, reader, changes: connector.changes, cursor: connector.changes.start({ frozenAt: new Date() }) };
}

async function readAll(changes: ProviderChanges, reader: AccountReader, cursor: ChangeCursor, limit = 100) {
  const pages: ChangePage[] = [];
  for await (const page of changes.readChanges(reader, cursor, { resources, limit })) pages.push(page);
  const last = pages[pages.length - 1];
  return { pages, changes: pages.flatMap((p) => p.changes), cursor: last ? last.cursor : cursor };
}

const byId = (changes: ObjectChange[]) => new Map(changes.map((c) => [c.id, c]));

it('reads exactly the objects changed after the cursor, deletions marked, then reads on from its new cursor', async () => {
  const { account, reader, changes, cursor } = await setup();
  const path = (resource: string, id = '') => `/accounts/${account.id}/${resource}${id ? `/${id}` : ''}`;
  const [customer, gone] = (await reader.fetchPage('customers', { limit: 2 })).objects as [ProviderObject, ProviderObject];
  const created = await emulator.admin<ProviderObject>('POST', path('charges'), { status: 'succeeded', amount: 4321 });
  await emulator.admin('POST', path('customers', customer.id), { description: 'changed' });
  await emulator.admin('DELETE', path('customers', gone.id));

  const first = await readAll(changes, reader, cursor, 2);
  expect(first.pages.length).toBeGreaterThan(1);
  const seen = byId(first.changes);
  expect([...seen.keys()].sort()).toEqual([created.id, customer.id, gone.id].sort());
  expect(seen.get(created.id)).toMatchObject({ resource: 'charges', deleted: false, object: { amount: 4321 }, readAgain: false });
  expect(seen.get(customer.id)).toMatchObject({ resource: 'customers', deleted: false, object: { description: 'changed' } });
  expect(seen.get(gone.id)).toMatchObject({ resource: 'customers', deleted: true });
  // Stripe's `balance.available` (a Balance without an id) is counted, not a change.
  expect(first.pages.flatMap((p) => p.ignored)).toContainEqual(expect.objectContaining({ reason: 'no_object_id' }));
  for (const change of first.changes) expect(change.sourceTs.getTime() % change.precisionMs).toBe(0);
  expect(first.pages[first.pages.length - 1]?.hasMore).toBe(false);

  // Nothing since: nothing changed, and the cursor stays where it is.
  const idle = await readAll(changes, reader, first.cursor);
  expect(idle.changes).toEqual([]);
  expect(idle.cursor).toEqual(first.cursor);

  // From the new cursor, walking forward page by page: only what changed after it.
  const later: string[] = [];
  for (let i = 0; i < 3; i++) later.push((await emulator.admin<ProviderObject>('POST', path('customers'), {})).id);
  await emulator.admin('POST', path('charges', created.id), { description: 'refunded later' });
  const second = await readAll(changes, reader, first.cursor, 2);
  expect(second.pages.length).toBeGreaterThan(1);
  expect(second.changes.map((c) => c.id).sort()).toEqual([...later, created.id].sort());
  expect(byId(second.changes).get(created.id)?.object).toMatchObject({ description: 'refunded later' });
  // The cursor survives a round trip through a jsonb column.
  expect(JSON.parse(JSON.stringify(second.cursor))).toEqual(second.cursor);
});

it('leaves out the changes of resources it was not asked for, and says which', async () => {
  const { account, reader, changes, cursor } = await setup();
  const invoice = await emulator.admin<ProviderObject>('POST', `/accounts/${account.id}/invoices`, { status: 'draft' });
  const read = await readAll(changes, reader, cursor);
  expect(read.changes).toEqual([]);
  expect(read.pages.flatMap((p) => p.ignored)).toContainEqual(expect.objectContaining({ reason: 'not_requested', resource: 'invoices' }));
  expect(invoice.id).toBeDefined();
});

it('flags an object rendered in another API version to be read again', async () => {
  const { account, reader, changes, cursor } = await setup();
  const [charge] = (await reader.fetchPage('charges', { limit: 1 })).objects as [ProviderObject];
  await emulator.admin('POST', `/accounts/${account.id}/event_settings`, { api_version: '2024-06-20' });
  await emulator.admin('POST', `/accounts/${account.id}/charges/${charge.id}`, { description: 'in another version' });
  const read = await readAll(changes, reader, cursor);
  expect(read.changes).toEqual([expect.objectContaining({ id: charge.id, readAgain: true })]);
});

it('refuses a cursor whose changes the provider no longer keeps, with the typed error', async () => {
  const { account, reader, changes, cursor } = await setup();
  await emulator.admin('POST', `/accounts/${account.id}/customers`, {});
  const read = await readAll(changes, reader, cursor);
  expect(read.changes).toHaveLength(1);
  await emulator.admin('POST', `/accounts/${account.id}/clock`, { advance_seconds: 31 * 86_400 });
  await expect(readAll(changes, reader, read.cursor)).rejects.toBeInstanceOf(ChangeCursorExpiredError);
});

it('refuses a value that is not a Stripe change cursor with a message saying so', async () => {
  const { reader, changes } = await setup();
  await expect(readAll(changes, reader, { page: 3 })).rejects.toThrow('not a Stripe change cursor: {"page":3}');
});
