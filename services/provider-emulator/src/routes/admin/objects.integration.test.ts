import { startTestEmulator, type TestEmulator } from '../../testSupport/testEmulator';

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});

afterAll(async () => {
  await emulator.close();
});

describe('admin object changes', () => {
  it('creates a realistic object with the given fields, listed first', async () => {
    const account = await emulator.createAccount({ objects: { charges: 5, customers: 2 } });
    const created = await emulator.call('POST', `/_emulator/accounts/${account.id}/charges`, { body: { amount: 4242, metadata: { order: 'A-1' } } });
    expect(created.status).toBe(201);
    const charge = created.body as { id: string; amount: number; created: number; metadata: Record<string, string>; currency: string };
    expect(charge).toMatchObject({ object: 'charge', amount: 4242, metadata: { order: 'A-1' } });
    expect(charge.currency).toMatch(/^[a-z]{3}$/);
    const stripe = emulator.stripe(account.secret_key);
    const list = await stripe.charges.list();
    expect(list.data[0]?.id).toBe(charge.id);
    expect(list.data).toHaveLength(6);
    expect((await stripe.charges.retrieve(charge.id)).amount).toBe(4242);
  });

  it('updates generated and created objects (nested fields merge)', async () => {
    const account = await emulator.createAccount({ objects: { customers: 3 } });
    const stripe = emulator.stripe(account.secret_key);
    const customer = (await stripe.customers.list({ limit: 1 })).data[0];
    const updated = await emulator.call('POST', `/_emulator/accounts/${account.id}/customers/${customer?.id}`, {
      body: { name: 'New Name', address: { city: 'Oslo' } },
    });
    expect(updated.status).toBe(200);
    const after = await stripe.customers.retrieve(customer?.id ?? '');
    expect(after).toMatchObject({ name: 'New Name', address: { city: 'Oslo', line1: customer?.address?.line1 } });
    const missing = await emulator.call('POST', `/_emulator/accounts/${account.id}/customers/cus_nope`, { body: { name: 'x' } });
    expect(missing.status).toBe(404);
    const readOnly = await emulator.call('POST', `/_emulator/accounts/${account.id}/customers/${customer?.id}`, { body: { id: 'cus_mine' } });
    expect(readOnly.status).toBe(400);
    expect(readOnly.body).toMatchObject({ error: { param: 'id', code: 'parameter_invalid' } });
  });

  it('deletes: the object leaves lists and retrieves (customers keep a deleted stub)', async () => {
    const account = await emulator.createAccount({ objects: { charges: 3, customers: 3 } });
    const stripe = emulator.stripe(account.secret_key);
    const charge = (await stripe.charges.list({ limit: 1 })).data[0]?.id ?? '';
    const deleted = await emulator.call('DELETE', `/_emulator/accounts/${account.id}/charges/${charge}`);
    expect(deleted.body).toEqual({ id: charge, object: 'charge', deleted: true });
    expect((await stripe.charges.list()).data.map((c) => c.id)).not.toContain(charge);
    await expect(stripe.charges.retrieve(charge)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect((await emulator.call('DELETE', `/_emulator/accounts/${account.id}/charges/${charge}`)).status).toBe(404);

    const customer = (await stripe.customers.list({ limit: 1 })).data[0]?.id ?? '';
    await emulator.call('DELETE', `/_emulator/accounts/${account.id}/customers/${customer}`);
    expect(await stripe.customers.retrieve(customer)).toMatchObject({ id: customer, object: 'customer', deleted: true });
    expect((await stripe.customers.list()).data).toHaveLength(2);
    expect((await stripe.events.list()).data.map((e) => e.type)).toEqual(['customer.deleted', 'charge.deleted']);
  });

  it('cancels a subscription instead of deleting it, as Stripe does', async () => {
    const account = await emulator.createAccount({ objects: { subscriptions: 20, customers: 5, prices: 3, products: 1 } });
    const stripe = emulator.stripe(account.secret_key);
    const subscription = (await stripe.subscriptions.list({ limit: 1 })).data[0];
    await emulator.call('DELETE', `/_emulator/accounts/${account.id}/subscriptions/${subscription?.id}`);
    expect(await stripe.subscriptions.retrieve(subscription?.id ?? '')).toMatchObject({ status: 'canceled' });
    expect((await stripe.events.list()).data[0]?.type).toBe('customer.subscription.deleted');
  });

  it('answers 404 for an unknown resource', async () => {
    const account = await emulator.createAccount({ objects: {} });
    const response = await emulator.call('POST', `/_emulator/accounts/${account.id}/dragons`, { body: {} });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: { code: 'resource_missing', param: 'resource' } });
  });
});
