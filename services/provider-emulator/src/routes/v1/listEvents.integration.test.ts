import { startTestEmulator, type TestEmulator } from '../../testing/testEmulator';

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});

afterAll(async () => {
  await emulator.close();
});

describe('GET /v1/events', () => {
  it('lists the events of admin changes, newest first, in Stripe’s shape', async () => {
    const account = await emulator.createAccount({ objects: { customers: 3 } });
    const created = await emulator.call('POST', `/_emulator/accounts/${account.id}/customers`, { body: { email: 'new@example.com' } });
    const id = (created.body as { id: string }).id;
    await emulator.call('POST', `/_emulator/accounts/${account.id}/customers/${id}`, { body: { name: 'Renamed' } });
    await emulator.call('DELETE', `/_emulator/accounts/${account.id}/customers/${id}`);

    const stripe = emulator.stripe(account.secret_key);
    const events = await stripe.events.list();
    expect(events.data.map((e) => e.type)).toEqual(['customer.deleted', 'customer.updated', 'customer.created']);
    const [deleted, updated, createdEvent] = events.data;
    expect(createdEvent?.data.object).toMatchObject({ id, object: 'customer', email: 'new@example.com' });
    expect(updated?.data.object).toMatchObject({ id, name: 'Renamed' });
    expect(updated?.data.previous_attributes).toEqual({ name: expect.any(String) });
    expect(deleted?.data.object).toMatchObject({ id });
    expect(createdEvent?.object).toBe('event');
    expect(createdEvent?.api_version).toBeTruthy();
    expect((await stripe.events.retrieve(updated?.id ?? '')).id).toBe(updated?.id);
  });

  it('filters by type, wildcard, types[] and created', async () => {
    const account = await emulator.createAccount({ objects: { charges: 1, customers: 1 } });
    await emulator.call('POST', `/_emulator/accounts/${account.id}/customers`, { body: {} });
    await emulator.call('POST', `/_emulator/accounts/${account.id}/charges`, { body: { status: 'failed' } });
    await emulator.call('POST', `/_emulator/accounts/${account.id}/charges`, { body: { status: 'succeeded' } });
    const stripe = emulator.stripe(account.secret_key);
    expect((await stripe.events.list({ type: 'charge.failed' })).data.map((e) => e.type)).toEqual(['charge.failed']);
    expect((await stripe.events.list({ type: 'charge.*' })).data.map((e) => e.type)).toEqual(['charge.succeeded', 'charge.failed']);
    expect((await stripe.events.list({ types: ['customer.created', 'charge.succeeded'] })).data.map((e) => e.type)).toEqual([
      'charge.succeeded',
      'customer.created',
    ]);
    const newest = (await stripe.events.list({ limit: 1 })).data[0];
    expect((await stripe.events.list({ created: { gt: newest?.created ?? 0 } })).data).toEqual([]);
    expect((await stripe.events.list({ created: { gte: newest?.created ?? 0 } })).data.length).toBeGreaterThan(0);
  });

  it('pages with starting_after and has_more', async () => {
    const account = await emulator.createAccount({ objects: { products: 1 } });
    for (let i = 0; i < 5; i++) await emulator.call('POST', `/_emulator/accounts/${account.id}/products`, { body: { name: `P${i}` } });
    const stripe = emulator.stripe(account.secret_key);
    const first = await stripe.events.list({ limit: 3 });
    expect(first.has_more).toBe(true);
    const second = await stripe.events.list({ limit: 3, starting_after: first.data[2]?.id });
    expect(second.has_more).toBe(false);
    expect([...first.data, ...second.data].map((e) => (e.data.object as { name?: string }).name)).toEqual(['P4', 'P3', 'P2', 'P1', 'P0']);
  });

  it('keeps only the last 30 days: older events leave the list and the retrieve', async () => {
    const account = await emulator.createAccount({ objects: { customers: 1 } });
    await emulator.call('POST', `/_emulator/accounts/${account.id}/customers`, { body: { name: 'old' } });
    const stripe = emulator.stripe(account.secret_key);
    const old = (await stripe.events.list()).data[0];
    const clock = await emulator.call('POST', `/_emulator/accounts/${account.id}/clock`, { body: { advance_seconds: 31 * 86_400 } });
    expect(clock.status).toBe(200);
    await emulator.call('POST', `/_emulator/accounts/${account.id}/customers`, { body: { name: 'new' } });
    const events = (await stripe.events.list()).data;
    expect(events.map((e) => (e.data.object as { name?: string }).name)).toEqual(['new']);
    expect((events[0]?.created ?? 0) - (old?.created ?? 0)).toBeGreaterThanOrEqual(31 * 86_400);
    await expect(stripe.events.retrieve(old?.id ?? '')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('marks a connected account’s events with the account, read through Stripe-Account', async () => {
    const platform = await emulator.createAccount({ objects: {} });
    const connected = await emulator.createAccount({ objects: {}, connected_to: platform.id });
    await emulator.call('POST', `/_emulator/accounts/${connected.id}/customers`, { body: {} });
    const events = await emulator.stripe(platform.secret_key).events.list({}, { stripeAccount: connected.id });
    expect(events.data.map((e) => [e.type, e.account])).toEqual([['customer.created', connected.id]]);
    expect((await emulator.stripe(platform.secret_key).events.list()).data).toEqual([]);
  });

  it('announces nothing for balance transactions, like Stripe', async () => {
    const account = await emulator.createAccount({ objects: {} });
    const created = await emulator.call('POST', `/_emulator/accounts/${account.id}/balance_transactions`, { body: {} });
    expect(created.status).toBe(201);
    expect((await emulator.stripe(account.secret_key).events.list()).data).toEqual([]);
  });

  it('refuses type and types together, and needs a key', async () => {
    const account = await emulator.createAccount({ objects: {} });
    const both = await emulator.call('GET', '/v1/events?type=a&types[]=b', { headers: { authorization: `Bearer ${account.secret_key}` } });
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ error: { code: 'parameters_exclusive' } });
    expect((await emulator.call('GET', '/v1/events')).status).toBe(401);
  });
});
