import { STRIPE_API_VERSION } from '@datasync/providers';
import { waitFor } from '@datasync/testing';
import { startTestEmulator, type TestEmulator } from '../../testing/testEmulator';

// Events as Stripe sends them: objects without an id, data rendered in the API version of the
// event's creation, and a list that shows some events only after a delay.

let emulator: TestEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});

afterAll(async () => {
  await emulator.close();
});

const post = (path: string, body: unknown = {}) => emulator.call('POST', `/_emulator/accounts${path}`, { body });
const events = async (key: string) =>
  (await emulator.call('GET', '/v1/events?limit=100', { headers: { authorization: `Bearer ${key}` } })).body as {
    data: { id: string; type: string; api_version: string; data: { object: Record<string, unknown> } }[];
  };

describe('events whose object has no id', () => {
  it('sends balance.available with the account’s Balance when a charge succeeds or a payout is made', async () => {
    const account = await emulator.createAccount({ objects: { customers: 1 } });
    await post(`/${account.id}/charges`, { status: 'succeeded', amount: 5_000, amount_refunded: 0 });
    await post(`/${account.id}/charges`, { status: 'failed', amount: 700 });
    await post(`/${account.id}/payouts`, { amount: 2_000 });
    const listed = (await events(account.secret_key)).data;
    expect(listed.map((e) => e.type)).toEqual([
      'balance.available',
      'payout.created',
      'charge.failed',
      'balance.available',
      'charge.succeeded',
    ]);
    const [afterPayout, , , afterCharge] = listed;
    expect(afterCharge?.data.object).toEqual({
      object: 'balance',
      available: [{ amount: 5_000, currency: 'usd', source_types: { card: 5_000 } }],
      connect_reserved: [{ amount: 0, currency: 'usd' }],
      livemode: false,
      pending: [{ amount: 0, currency: 'usd', source_types: { card: 0 } }],
    });
    expect(afterPayout?.data.object).toMatchObject({ available: [{ amount: 3_000 }] });
    expect(afterCharge?.data.object).not.toHaveProperty('id');
  });

  it('sends invoice.upcoming, an invoice without an id, when a subscription starts', async () => {
    const account = await emulator.createAccount({ objects: { customers: 2, products: 1, prices: 1 } });
    const subscription = (await post(`/${account.id}/subscriptions`, { status: 'active' })).body as { id: string; customer: string };
    const [upcoming, created] = (await events(account.secret_key)).data;
    expect(created?.type).toBe('customer.subscription.created');
    expect(upcoming).toMatchObject({
      type: 'invoice.upcoming',
      data: {
        object: { object: 'invoice', customer: subscription.customer, parent: { subscription_details: { subscription: subscription.id } } },
      },
    });
    expect(upcoming?.data.object).not.toHaveProperty('id');
  });
});

describe('events rendered in the API version of their creation', () => {
  it('renders in the account’s default version, which events keep after an upgrade', async () => {
    const account = await emulator.createAccount({
      objects: { customers: 2, subscriptions: 2, products: 1, prices: 1 },
      api_version: '2024-06-20',
    });
    const invoice = (await post(`/${account.id}/invoices`, { status: 'open' })).body as {
      id: string;
      // Null for an invoice created by itself, as Stripe gives it: no subscription made it.
      parent: { subscription_details: { subscription: string } | null } | null;
    };
    const charge = (await post(`/${account.id}/charges`, { status: 'failed' })).body as { id: string };
    const upgraded = await post(`/${account.id}/event_settings`, { api_version: STRIPE_API_VERSION });
    expect(upgraded.body).toEqual({ api_version: STRIPE_API_VERSION, late_share: 0, late_delay_ms: 0 });
    await post(`/${account.id}/charges/${charge.id}`, { description: 'after the upgrade' });

    const [after, old, oldInvoice] = (await events(account.secret_key)).data;
    // 2022-11-15 stopped embedding a charge's refunds; 2024-06-20 is later, so no refunds either.
    expect(old).toMatchObject({ api_version: '2024-06-20', data: { object: { id: charge.id } } });
    expect(old?.data.object).not.toHaveProperty('refunds');
    // 2025-03-31.basil moved the subscription under `parent`: before it, it sat at the top level.
    expect(oldInvoice?.api_version).toBe('2024-06-20');
    expect(oldInvoice?.data.object).not.toHaveProperty('parent');
    expect(oldInvoice?.data.object).toMatchObject({
      id: invoice.id,
      subscription: invoice.parent?.subscription_details?.subscription ?? null,
    });
    expect(after).toMatchObject({ api_version: STRIPE_API_VERSION, data: { object: { id: charge.id, description: 'after the upgrade' } } });
    expect(after?.data.object).not.toHaveProperty('refunds');

    // Lists and retrieves answer in the pinned version whatever the account's default.
    const retrieved = await emulator.call('GET', `/v1/invoices/${invoice.id}`, {
      headers: { authorization: `Bearer ${account.secret_key}` },
    });
    expect(retrieved.body).toHaveProperty('parent');
  });

  it('embeds a charge’s refunds list in versions before 2022-11-15', async () => {
    const account = await emulator.createAccount({ objects: { customers: 1 }, api_version: '2022-08-01' });
    const charge = (await post(`/${account.id}/charges`, { status: 'failed' })).body as { id: string };
    const [event] = (await events(account.secret_key)).data;
    expect(event?.data.object.refunds).toEqual({
      object: 'list',
      data: [],
      has_more: false,
      total_count: 0,
      url: `/v1/charges/${charge.id}/refunds`,
    });
  });

  it('refuses a version that is not one', async () => {
    const account = await emulator.createAccount({ objects: {} });
    const refused = await post(`/${account.id}/event_settings`, { api_version: 'latest' });
    expect(refused).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error', param: 'api_version' } } });
  });
});

describe('late-visible events', () => {
  it('lists a share of events only after their delay, behind events created later', async () => {
    const account = await emulator.createAccount({ objects: {} });
    await post(`/${account.id}/event_settings`, { late_share: 1, late_delay_ms: 1_500 });
    const late = (await post(`/${account.id}/customers`, { name: 'late' })).body as { id: string };
    await post(`/${account.id}/event_settings`, { late_share: 0 });
    const prompt = (await post(`/${account.id}/customers`, { name: 'prompt' })).body as { id: string };
    const ids = async () => (await events(account.secret_key)).data.map((e) => e.data.object.id);
    expect(await ids()).toEqual([prompt.id]);
    await waitFor(async () => (await ids()).length === 2, { description: 'the late event', timeoutMs: 5_000, intervalMs: 100 });
    // Once visible it takes its place by creation: older than the event created after it.
    expect(await ids()).toEqual([prompt.id, late.id]);
  });
});
