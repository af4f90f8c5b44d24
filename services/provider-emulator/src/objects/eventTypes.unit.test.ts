import { getResource } from '@datasync/providers';
import { eventTypeFor } from './eventTypes';

const resource = (name: string) => getResource('stripe', name);

describe('eventTypeFor', () => {
  it('uses the resource’s own created/updated/deleted types', () => {
    expect(eventTypeFor(resource('customers'), 'created', {})).toBe('customer.created');
    expect(eventTypeFor(resource('customers'), 'updated', {})).toBe('customer.updated');
    expect(eventTypeFor(resource('customers'), 'deleted', {})).toBe('customer.deleted');
    expect(eventTypeFor(resource('invoices'), 'deleted', { status: 'draft' })).toBe('invoice.deleted');
    expect(eventTypeFor(resource('disputes'), 'created', {})).toBe('charge.dispute.created');
    expect(eventTypeFor(resource('subscriptions'), 'deleted', {})).toBe('customer.subscription.deleted');
    expect(eventTypeFor(resource('refunds'), 'updated', {})).toBe('refund.updated');
  });

  it('announces a new charge by its status, as Stripe does', () => {
    expect(eventTypeFor(resource('charges'), 'created', { status: 'succeeded' })).toBe('charge.succeeded');
    expect(eventTypeFor(resource('charges'), 'created', { status: 'failed' })).toBe('charge.failed');
    expect(eventTypeFor(resource('payment_intents'), 'updated', { status: 'canceled' })).toBe('payment_intent.canceled');
  });

  it('invents no type where Stripe has none: no charge.deleted, nothing for event-less resources', () => {
    for (const name of ['charges', 'refunds', 'payouts', 'payment_intents', 'disputes']) {
      expect(eventTypeFor(resource(name), 'deleted', { status: 'succeeded' })).toBeUndefined();
    }
    expect(eventTypeFor(resource('balance_transactions'), 'created', {})).toBeUndefined();
  });
});
