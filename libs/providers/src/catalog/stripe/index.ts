import type { ProviderCatalog } from '../types';
import { balanceTransactions, payouts } from './balance';
import { customers, invoices, subscriptions } from './billing';
import { charges, disputes, paymentIntents, refunds } from './payments';
import { coupons, prices, products } from './products';

export const stripeCatalog: ProviderCatalog = {
  name: 'stripe',
  label: 'Stripe',
  resources: [
    charges,
    customers,
    refunds,
    paymentIntents,
    invoices,
    subscriptions,
    balanceTransactions,
    disputes,
    payouts,
    products,
    prices,
    coupons,
  ],
};
