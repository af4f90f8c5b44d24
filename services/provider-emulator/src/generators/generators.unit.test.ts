import { stripeCatalog, STRIPE_API_VERSION } from '@datasync/providers';
import { field, fieldAt } from '../kit/json';
import { buildAccount, type AccountSpec } from '../state/accountFactory';
import { customerIndexedResources, resourceKinds } from './registry';
import { generatedResources, isResourceName, type ResourceName } from './resourceNames';

const objects: Record<ResourceName, number> = {
  charges: 500,
  customers: 40,
  refunds: 50,
  payment_intents: 500,
  invoices: 200,
  subscriptions: 100,
  balance_transactions: 500,
  disputes: 10,
  payouts: 30,
  products: 12,
  prices: 30,
  coupons: 10,
};

function spec(seedText: string): AccountSpec {
  return { seedText, objects, country: 'US', businessName: undefined, end: 1_750_000_000, historyDays: 365, connectedTo: undefined };
}

const account = buildAccount(spec('unit'), stripeCatalog.resources, STRIPE_API_VERSION);

function storeOf(name: ResourceName) {
  const store = account.store(name);
  if (!store) throw new Error(`no store for ${name}`);
  return store;
}

describe('generators', () => {
  it('cover every resource of the catalog, and only those', () => {
    expect(stripeCatalog.resources.map((r) => r.name).filter((name) => !isResourceName(name))).toEqual([]);
    expect(Object.keys(resourceKinds).sort()).toEqual([...generatedResources].sort());
  });

  it.each(stripeCatalog.resources.map((r) => [r.name, r] as const))(
    '%s: ids, object, created and every catalog column path',
    (name, resource) => {
      const store = storeOf(name as ResourceName);
      const samples = Array.from({ length: Math.min(40, store.generatedCount) }, (_, i) => store.objectAt(i));
      samples.forEach((object, i) => {
        expect(field(object, 'id')).toBe(store.codec.encode(i));
        expect(store.indexOf(String(field(object, 'id')))).toBe(i);
        expect(field(object, 'object')).toBe(resource.object);
        expect(field(object, 'created')).toBe(store.createdAt(i));
      });
      for (const column of resource.columns) {
        // undefined means the path does not exist in the object at all (null is a value).
        expect({ column: column.name, present: samples.some((o) => fieldAt(o, column.path) !== undefined) }).toEqual({
          column: column.name,
          present: true,
        });
      }
    },
  );

  it('are deterministic per seed and differ between seeds', () => {
    const again = buildAccount(spec('unit'), stripeCatalog.resources, STRIPE_API_VERSION);
    const other = buildAccount(spec('other'), stripeCatalog.resources, STRIPE_API_VERSION);
    expect(again.id).toBe(account.id);
    expect(again.keys).toEqual(account.keys);
    for (const name of generatedResources) {
      const a = JSON.stringify(storeOf(name).objectAt(17));
      expect(JSON.stringify(again.store(name)?.objectAt(17))).toBe(a);
      expect(JSON.stringify(other.store(name)?.objectAt(17))).not.toBe(a);
    }
    expect(other.id).not.toBe(account.id);
  });

  it('give object i of a customer-indexed resource customer i mod C (the customer= walk relies on it)', () => {
    const customers = storeOf('customers');
    for (const name of customerIndexedResources) {
      const store = storeOf(name);
      for (let i = 0; i < 100; i++) {
        const customer = field(store.objectAt(i), 'customer');
        if (customer !== null) expect({ name, i, customer }).toEqual({ name, i, customer: customers.codec.encode(i % objects.customers) });
      }
    }
  });

  it('reference objects that exist', () => {
    const exists = (name: ResourceName, id: unknown) => typeof id === 'string' && storeOf(name).indexOf(id) !== undefined;
    for (let i = 0; i < 50; i++) {
      const charge = storeOf('charges').objectAt(i);
      expect(exists('payment_intents', field(charge, 'payment_intent'))).toBe(true);
      expect(field(storeOf('payment_intents').objectAt(i), 'latest_charge')).toBe(field(charge, 'id'));
      expect(field(storeOf('payment_intents').objectAt(i), 'amount')).toBe(field(charge, 'amount'));
      expect(exists('charges', field(storeOf('refunds').objectAt(i), 'charge'))).toBe(true);
      expect(exists('products', field(storeOf('prices').objectAt(i % 30), 'product'))).toBe(true);
      const items = fieldAt(storeOf('subscriptions').objectAt(i), 'items.data');
      expect(Array.isArray(items) && exists('prices', fieldAt(items[0], 'price.id'))).toBe(true);
      const subscription = fieldAt(storeOf('invoices').objectAt(i), 'parent.subscription_details.subscription');
      if (subscription != null) {
        expect(exists('subscriptions', subscription)).toBe(true);
        expect(field(storeOf('subscriptions').objectAt(storeOf('subscriptions').indexOf(String(subscription)) ?? -1), 'customer')).toBe(
          field(storeOf('invoices').objectAt(i), 'customer'),
        );
      }
    }
  });

  it('produce realistic values: positive amounts, known currencies and statuses', () => {
    const statuses = new Set<unknown>();
    for (let i = 0; i < 500; i++) {
      const charge = storeOf('charges').objectAt(i);
      expect(field(charge, 'amount')).toBeGreaterThan(0);
      expect(['usd', 'eur']).toContain(field(charge, 'currency'));
      statuses.add(field(charge, 'status'));
    }
    expect([...statuses].sort()).toEqual(['failed', 'pending', 'succeeded']);
    expect(fieldAt(storeOf('prices').objectAt(0), 'unit_amount_decimal')).toEqual(expect.anything());
    expect(typeof JSON.parse(JSON.stringify(storeOf('prices').objectAt(0))).unit_amount_decimal).toBe('string');
  });
});
