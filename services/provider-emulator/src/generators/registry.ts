import { generateBalanceTransaction } from './balanceTransactions';
import { generateCharge } from './charges';
import { chargeJson } from './chargeJson';
import type { GenContext, Generator } from './context';
import { generateCoupon } from './coupons';
import { generateCustomer } from './customers';
import { generateDispute } from './disputes';
import { generateInvoice, invoiceLines } from './invoices';
import { generatePaymentIntent } from './paymentIntents';
import { generatePayout } from './payouts';
import { generatePrice } from './prices';
import { generateProduct } from './products';
import { generateRefund } from './refunds';
import type { ResourceName } from './resourceNames';
import { generateSubscription, subscriptionItems } from './subscriptions';

/** How the emulator makes one resource's objects, and their JSON text. */
export interface ResourceKind {
  generate: Generator<object>;
  /** JSON of generated object `index`: a dedicated writer where one exists, else JSON.stringify. */
  json(ctx: GenContext, index: number): string;
  /** Every item of an embedded list field (`lines`) of object `index`; the object embeds the first page. */
  children?: Readonly<Record<string, Generator<readonly object[]>>>;
}

function kind<T extends object>(
  generate: Generator<T>,
  toJson?: (item: T) => string,
  children?: Readonly<Record<string, Generator<readonly object[]>>>,
): ResourceKind {
  return {
    generate,
    json: toJson ? (ctx, index) => toJson(generate(ctx, index)) : (ctx, index) => JSON.stringify(generate(ctx, index)),
    ...(children ? { children } : {}),
  };
}

export const resourceKinds: Readonly<Record<ResourceName, ResourceKind>> = {
  charges: kind(generateCharge, chargeJson),
  customers: kind(generateCustomer),
  refunds: kind(generateRefund),
  payment_intents: kind(generatePaymentIntent),
  invoices: kind(generateInvoice, undefined, { lines: invoiceLines }),
  subscriptions: kind(generateSubscription, undefined, { items: subscriptionItems }),
  balance_transactions: kind(generateBalanceTransaction),
  disputes: kind(generateDispute),
  payouts: kind(generatePayout),
  products: kind(generateProduct),
  prices: kind(generatePrice),
  coupons: kind(generateCoupon),
};

/**
 * Resources whose generated object i has customer `i mod customers` (or none): `customer=` can
 * walk that progression instead of scanning (see relations.customerIndexOf).
 */
export const customerIndexedResources: ReadonlySet<ResourceName> = new Set(['charges', 'payment_intents', 'invoices', 'subscriptions']);
