import { stripeCatalog, STRIPE_API_VERSION } from '@datasync/providers';
import { buildAccount } from '../state/accountFactory';
import type { ResourceName } from './resourceNames';

// The fast writer is only correct while it mirrors generateCharge: compare both, byte for byte,
// over accounts that exercise every branch (guests, no payment intents, failures, refunds, odd
// business names, other countries).
const shapes: { business?: string; country: string; objects: Partial<Record<ResourceName, number>> }[] = [
  { country: 'US', objects: { charges: 3000, customers: 100, payment_intents: 3000, balance_transactions: 3000 } },
  { country: 'DE', objects: { charges: 500 } },
  { business: 'Quote "Shop" \\ Ltd', country: 'JP', objects: { charges: 300, customers: 1, payment_intents: 10 } },
];

describe('chargeJson (the charges store’s JSON writer)', () => {
  it.each(shapes.map((shape, i) => [i, shape] as const))('writes exactly what JSON.stringify writes (shape %i)', (_, shape) => {
    const account = buildAccount(
      {
        seedText: `charge-json-${shape.country}`,
        objects: shape.objects,
        country: shape.country,
        businessName: shape.business,
        end: 1_750_000_000,
        historyDays: 400,
        connectedTo: undefined,
      },
      stripeCatalog.resources,
      STRIPE_API_VERSION,
    );
    const store = account.store('charges');
    if (!store) throw new Error('no charges');
    let compared = 0;
    for (let i = 0; i < store.generatedCount; i++) {
      const charge = store.objectAt(i);
      const fast = store.jsonAt(i);
      const reference = JSON.stringify(charge);
      if (fast !== reference) expect({ index: i, fast }).toEqual({ index: i, fast: reference });
      compared++;
    }
    expect(compared).toBe(shape.objects.charges);
  });
});
