import { commonColumnNames } from '@datasync/destinations';
import {
  UnknownCatalogEntryError,
  changeDetectionOf,
  findResource,
  findResourceByEventType,
  findResourceByObject,
  getProvider,
  getResource,
  providerNames,
  resourceNames,
  typedValues,
} from '.';

const required = [
  'charges',
  'customers',
  'refunds',
  'payment_intents',
  'invoices',
  'subscriptions',
  'balance_transactions',
  'disputes',
  'payouts',
  'products',
  'prices',
  'coupons',
];

describe('catalog', () => {
  it('lists every required stripe resource', () => {
    expect(providerNames).toEqual(['stripe']);
    expect(resourceNames('stripe').sort()).toEqual([...required].sort());
  });

  it.each(getProvider('stripe').resources.map((r) => [r.name, r] as const))('%s is consistent', (name, resource) => {
    expect(resource.table).toBe(`stripe_${name}`);
    expect(resource.endpoint).toBe(`/v1/${name}`);
    expect(resource.table).toMatch(/^[a-z_]+$/);
    const names = resource.columns.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) {
      expect(n).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(commonColumnNames).not.toContain(n);
    }
    if (resource.deletedEventType) expect(resource.eventTypes).toContain(resource.deletedEventType);
  });

  it('maps every event type to exactly one resource', () => {
    const all = getProvider('stripe').resources.flatMap((r) => r.eventTypes);
    expect(new Set(all).size).toBe(all.length);
    expect(findResourceByEventType('stripe', 'charge.dispute.created')?.name).toBe('disputes');
    expect(findResourceByEventType('stripe', 'customer.subscription.updated')?.name).toBe('subscriptions');
    expect(findResourceByObject('stripe', 'payment_intent')?.name).toBe('payment_intents');
  });

  it('says how each resource’s changes are detected: events, or a re-read window when there are none', () => {
    for (const resource of getProvider('stripe').resources) {
      const detection = changeDetectionOf(resource);
      expect({ resource: resource.name, kind: detection.kind }).toEqual({
        resource: resource.name,
        kind: resource.eventTypes.length > 0 ? 'events' : 'reread',
      });
      if (detection.kind === 'reread') expect(detection.windowSeconds).toBeGreaterThan(detection.intervalSeconds);
    }
    expect(changeDetectionOf(getResource('stripe', 'balance_transactions')).kind).toBe('reread');
  });

  it('rejects unknown names', () => {
    expect(findResource('stripe', 'nope')).toBeUndefined();
    expect(findResource('paypal', 'charges')).toBeUndefined();
    expect(() => getResource('stripe', 'nope')).toThrow(UnknownCatalogEntryError);
    expect(() => getProvider('paypal')).toThrow(UnknownCatalogEntryError);
  });
});

describe('typedValues', () => {
  const charges = getResource('stripe', 'charges');
  const valueOf = (name: string, object: Record<string, unknown>) => {
    const i = charges.columns.findIndex((x) => x.name === name);
    if (i < 0) throw new Error(name);
    return typedValues(charges, object)[i];
  };

  it('converts seconds, expanded references, nested paths and mismatches, in catalog order', () => {
    const charge = {
      amount: 1234,
      created: 1_700_000_000,
      customer: { id: 'cus_1', object: 'customer' },
      billing_details: { email: 'a@example.com' },
      paid: 'yes',
      metadata: { k: 'v' },
    };
    expect(valueOf('created', charge)).toEqual(new Date(1_700_000_000_000));
    expect(valueOf('customer', charge)).toBe('cus_1');
    expect(valueOf('customer', { customer: 'cus_2' })).toBe('cus_2');
    expect(valueOf('billing_email', charge)).toBe('a@example.com');
    expect(valueOf('billing_email', { billing_details: null })).toBeNull();
    expect(valueOf('paid', charge)).toBeNull();
    expect(valueOf('amount', charge)).toBe(1234);
    expect(valueOf('amount', { amount: 1.5 })).toBeNull();
    const values = typedValues(charges, charge);
    expect(values).toHaveLength(charges.columns.length);
    expect(Object.fromEntries(charges.columns.map((c, i) => [c.name, values[i]]))).toMatchObject({
      amount: 1234,
      metadata: { k: 'v' },
      currency: null,
    });
  });
});
