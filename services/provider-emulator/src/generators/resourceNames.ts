/** The resources the emulator can generate; the catalog's resources must all be among them. */
export const generatedResources = [
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
] as const;

export type ResourceName = (typeof generatedResources)[number];

export function isResourceName(name: string): name is ResourceName {
  return (generatedResources as readonly string[]).includes(name);
}
