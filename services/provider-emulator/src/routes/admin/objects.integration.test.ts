import { startTestEmulator, type TestEmulator } from '../../testing/testEmulator';

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
    const created = await emulator.call('POST', `/_emulator/accounts/${account.id}/charges`, {
      body: { amount: 4242, metadata: { order: 'A-1' } },
    });
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
    const readOnly = await emulator.call('POST', `/_emulator/accounts/${account.id}/customers/${customer?.id}`, {
      body: { id: 'cus_mine' },
    });
    expect(readOnly.status).toBe(400);
    expect(readOnly.body).toMatchObject({ error: { param: 'id', code: 'parameter_invalid' } });
  });

  it('deletes what Stripe deletes: the object leaves lists, retrieve answers the deleted stub (customers) or 404', async () => {
    const account = await emulator.createAccount({ objects: { products: 3, customers: 3 } });
    const stripe = emulator.stripe(account.secret_key);
    const product = (await stripe.products.list({ limit: 1 })).data[0]?.id ?? '';
    const deleted = await emulator.call('DELETE', `/_emulator/accounts/${account.id}/products/${product}`);
    expect(deleted.body).toEqual({ id: product, object: 'product', deleted: true });
    expect((await stripe.products.list()).data.map((c) => c.id)).not.toContain(product);
    await expect(stripe.products.retrieve(product)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect((await emulator.call('DELETE', `/_emulator/accounts/${account.id}/products/${product}`)).status).toBe(404);

    const customer = (await stripe.customers.list({ limit: 1 })).data[0]?.id ?? '';
    await emulator.call('DELETE', `/_emulator/accounts/${account.id}/customers/${customer}`);
    expect(await stripe.customers.retrieve(customer)).toEqual({ id: customer, object: 'customer', deleted: true });
    expect((await stripe.customers.list()).data).toHaveLength(2);
    expect((await stripe.events.list()).data.map((e) => e.type)).toEqual(['customer.deleted', 'product.deleted']);
  });

  it('refuses to delete what Stripe cannot delete, as Stripe answers a DELETE it has no route for', async () => {
    const account = await emulator.createAccount({ objects: { charges: 2, refunds: 1, payouts: 1, payment_intents: 1, disputes: 1 } });
    for (const resource of ['charges', 'refunds', 'payouts', 'payment_intents', 'disputes']) {
      const listed = await emulator.call('GET', `/v1/${resource}?limit=1`, { headers: { authorization: `Bearer ${account.secret_key}` } });
      const id = (listed.body as { data: { id: string }[] }).data[0]?.id ?? '';
      const refused = await emulator.call('DELETE', `/_emulator/accounts/${account.id}/${resource}/${id}`);
      expect(refused).toMatchObject({
        status: 404,
        body: {
          error: {
            type: 'invalid_request_error',
            message: expect.stringContaining(`Unrecognized request URL (DELETE: /v1/${resource}/${id})`),
          },
        },
      });
    }
    expect((await emulator.stripe(account.secret_key).events.list()).data).toEqual([]);
  });

  it('deletes draft invoices only (invoice.deleted), as Stripe does', async () => {
    const account = await emulator.createAccount({ objects: { customers: 2 } });
    const draft = (await emulator.call('POST', `/_emulator/accounts/${account.id}/invoices`, { body: { status: 'draft' } })).body as {
      id: string;
    };
    const paid = (await emulator.call('POST', `/_emulator/accounts/${account.id}/invoices`, { body: { status: 'paid' } })).body as {
      id: string;
    };
    const refused = await emulator.call('DELETE', `/_emulator/accounts/${account.id}/invoices/${paid.id}`);
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'You can only delete draft invoices.' } },
    });
    expect((await emulator.call('DELETE', `/_emulator/accounts/${account.id}/invoices/${draft.id}`)).status).toBe(200);
    expect((await emulator.stripe(account.secret_key).events.list({ limit: 1 })).data[0]).toMatchObject({
      type: 'invoice.deleted',
      data: { object: { id: draft.id } },
    });
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

  it('with ?silent=true creates, changes and removes objects (charges too) without any event', async () => {
    const account = await emulator.createAccount({ objects: { charges: 3 } });
    const stripe = emulator.stripe(account.secret_key);
    const base = `/_emulator/accounts/${account.id}/charges`;
    const created = await emulator.call('POST', `${base}?silent=true`, { body: { amount: 777 } });
    expect(created.status).toBe(201);
    const newId = (created.body as { id: string }).id;
    const before = (await stripe.charges.list()).data.map((c) => c.id);
    expect(before).toHaveLength(4);
    const [first, second] = (await stripe.charges.list()).data.filter((c) => c.id !== newId);
    const changed = await emulator.call('POST', `${base}/${first?.id}?silent=true`, { body: { description: 'behind the back' } });
    expect(changed.status).toBe(200);
    const removed = await emulator.call('DELETE', `${base}/${second?.id}?silent=true`);
    expect(removed.body).toEqual({ id: second?.id, object: 'charge', deleted: true });

    const listed = (await stripe.charges.list()).data;
    expect(listed.map((c) => c.id)).toEqual(before.filter((id) => id !== second?.id));
    expect(listed.find((c) => c.id === first?.id)?.description).toBe('behind the back');
    expect((await stripe.events.list()).data).toEqual([]);

    const bad = await emulator.call('POST', `${base}?silent=yes`, { body: {} });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'parameter_invalid', param: 'silent' } });
  });
});
