import { hash3, pick, unit, weighted } from '../kit/hash';
import type { GenContext } from './context';
import { metadataSources } from './pools';

// Attributes that several resources must agree on (charge i and payment intent i are one
// payment; its customer, amount and outcome are the same in both) hash from the ACCOUNT seed
// and the shared index, never from a resource's own seed.
const F_GUEST = 101;
const F_AMOUNT = 102;
const F_AMOUNT_SCALE = 103;
const F_CURRENCY = 104;
const F_OUTCOME = 105;
const F_REFUND = 106;

export type PaymentOutcome = 'succeeded' | 'failed' | 'pending';
export type RefundState = 'none' | 'partial' | 'full';

/**
 * The customer index of object `index`: `index mod customers`, so "every charge of customer c"
 * is the arithmetic progression c, c + C, c + 2C… and `customer=` lists in O(limit).
 * Guests (no customer) are 15% of payments unless the resource requires a customer.
 */
export function customerIndexOf(ctx: GenContext, index: number, required = false): number | null {
  const customers = ctx.count('customers');
  if (customers === 0) return null;
  if (!required && unit(ctx.account.seed, index, F_GUEST) < 0.15) return null;
  return index % customers;
}

export function customerIdOf(ctx: GenContext, index: number, required = false): string | null {
  const customer = customerIndexOf(ctx, index, required);
  return customer === null ? null : ctx.idOf('customers', customer);
}

export function paymentCurrency(ctx: GenContext, index: number): string {
  return unit(ctx.account.seed, index, F_CURRENCY) < 0.9 ? ctx.account.currency : ctx.account.currency === 'usd' ? 'eur' : 'usd';
}

/** Amount in the currency's smallest unit: mostly tens of units, a long tail up to thousands. */
export function paymentAmount(ctx: GenContext, index: number): number {
  const scale = weighted(
    ctx.account.seed,
    index,
    F_AMOUNT_SCALE,
    [
      [1, 60],
      [10, 30],
      [100, 10],
    ] as const,
    1,
  );
  const units = 1 + (hash3(ctx.account.seed, index, F_AMOUNT) % 9900) / 100;
  const major = Math.round(units * scale * 100) / 100;
  // Zero-decimal currencies (JPY) get the same digits: ¥100–¥1,000,000 reads as realistically as $1–$10,000.
  return Math.round(major * 100);
}

export function paymentOutcome(ctx: GenContext, index: number): PaymentOutcome {
  return weighted<PaymentOutcome>(
    ctx.account.seed,
    index,
    F_OUTCOME,
    [
      ['succeeded', 90],
      ['failed', 7],
      ['pending', 3],
    ],
    'succeeded',
  );
}

export function refundState(ctx: GenContext, index: number): RefundState {
  if (paymentOutcome(ctx, index) !== 'succeeded') return 'none';
  return weighted<RefundState>(
    ctx.account.seed,
    index,
    F_REFUND,
    [
      ['none', 92],
      ['partial', 3],
      ['full', 5],
    ],
    'none',
  );
}

/** How much of payment `index` was refunded. */
export function refundedAmount(ctx: GenContext, index: number): number {
  const state = refundState(ctx, index);
  const amount = paymentAmount(ctx, index);
  if (state === 'full') return amount;
  if (state === 'partial') return Math.max(1, Math.floor(amount / 2));
  return 0;
}

/** Spreads `index` of a resource with `from` objects over a resource with `to` objects, in time order. */
export function spread(index: number, from: number, to: number): number {
  if (to <= 0) return 0;
  return Math.min(to - 1, Math.floor((index * to) / Math.max(1, from)));
}

export function metadataFor(seed: number, index: number, field: number): Record<string, string> {
  const roll = hash3(seed, index, field) % 10;
  if (roll < 5) return {};
  if (roll < 8) return { order_id: `ord_${(hash3(seed, index, field + 1) % 10_000_000).toString().padStart(7, '0')}` };
  return {
    order_id: `ord_${(hash3(seed, index, field + 1) % 10_000_000).toString().padStart(7, '0')}`,
    source: pick(seed, index, field + 2, metadataSources),
  };
}
