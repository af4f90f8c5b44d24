import { toProviderEvent } from './events';
import { STRIPE_API_VERSION } from './stripeClient';

const event = (type: string, object: Record<string, unknown>, apiVersion: string | null = STRIPE_API_VERSION) => ({
  id: 'evt_1',
  object: 'event',
  type,
  created: 1_700_000_000,
  api_version: apiVersion,
  data: { object },
});

describe('toProviderEvent: which events are deletions', () => {
  it('takes a catalog delete event type as a deletion', () => {
    expect(toProviderEvent(event('customer.deleted', { id: 'cus_1', object: 'customer' }))).toMatchObject({
      resource: 'customers',
      deleted: true,
    });
    expect(toProviderEvent(event('invoice.deleted', { id: 'in_1', object: 'invoice', status: 'draft' }))).toMatchObject({
      resource: 'invoices',
      deleted: true,
    });
  });

  it('takes no <object>.deleted as a deletion where Stripe has no such event (a charge cannot be deleted)', () => {
    expect(toProviderEvent(event('charge.deleted', { id: 'ch_1', object: 'charge', amount: 5 }))).toMatchObject({
      resource: 'charges',
      deleted: false,
    });
  });

  it('takes an object marked deleted: true as a deletion whatever the type', () => {
    expect(toProviderEvent(event('product.updated', { id: 'prod_1', object: 'product', deleted: true })).deleted).toBe(true);
  });

  it('does not take a subscription cancellation (customer.subscription.deleted) as a deletion', () => {
    const cancelled = toProviderEvent(event('customer.subscription.deleted', { id: 'sub_1', object: 'subscription', status: 'canceled' }));
    expect(cancelled).toMatchObject({ resource: 'subscriptions', deleted: false });
  });

  it('does not take ordinary changes as deletions', () => {
    expect(toProviderEvent(event('charge.refunded', { id: 'ch_1', object: 'charge' })).deleted).toBe(false);
  });
});

describe('toProviderEvent: events whose object cannot be loaded', () => {
  it('reads balance.available (a Balance has no id) without throwing', () => {
    const balance = {
      object: 'balance',
      available: [{ amount: 5_000, currency: 'usd', source_types: { card: 5_000 } }],
      livemode: false,
      pending: [],
    };
    expect(toProviderEvent(event('balance.available', balance))).toMatchObject({
      type: 'balance.available',
      resource: null,
      objectId: null,
      deleted: false,
    });
  });

  it('reads invoice.upcoming (an invoice not created yet has no id) without throwing', () => {
    const upcoming = { object: 'invoice', customer: 'cus_1', amount_due: 1_000, status: 'draft' };
    expect(toProviderEvent(event('invoice.upcoming', upcoming))).toMatchObject({ resource: 'invoices', objectId: null });
  });

  it('still refuses an event without data.object', () => {
    expect(() => toProviderEvent({ id: 'evt_2', object: 'event', type: 'charge.succeeded', created: 1, data: {} })).toThrow(/data\.object/);
  });
});

describe('toProviderEvent: the API version data.object was rendered in', () => {
  it('says whether data.object has the pinned version’s shape', () => {
    expect(toProviderEvent(event('charge.updated', { id: 'ch_1', object: 'charge' })).pinnedShape).toBe(true);
    expect(toProviderEvent(event('charge.updated', { id: 'ch_1', object: 'charge' }, '2022-08-01')).pinnedShape).toBe(false);
    expect(toProviderEvent(event('charge.updated', { id: 'ch_1', object: 'charge' }, null)).pinnedShape).toBe(false);
  });
});
