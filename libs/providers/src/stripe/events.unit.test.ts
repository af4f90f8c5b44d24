import { toProviderEvent } from './events';

const event = (type: string, object: Record<string, unknown>) => ({ id: 'evt_1', object: 'event', type, created: 1_700_000_000, data: { object } });

describe('toProviderEvent: which events are deletions', () => {
  it('takes a catalog delete event type as a deletion', () => {
    expect(toProviderEvent(event('customer.deleted', { id: 'cus_1', object: 'customer' }))).toMatchObject({ resource: 'customers', deleted: true });
  });

  it('takes <object>.deleted as a deletion for a resource without a catalog delete event (charges)', () => {
    expect(toProviderEvent(event('charge.deleted', { id: 'ch_1', object: 'charge', amount: 5 }))).toMatchObject({ resource: 'charges', deleted: true });
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
