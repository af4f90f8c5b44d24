import Stripe from 'stripe';
import { hash3, unit, weighted } from '../kit/hash';
import type { Generator } from './context';
import { metadataFor } from './relations';

const F_AMOUNT = 1101;
const F_RECURRING = 1102;
const F_INTERVAL = 1103;
const F_ACTIVE = 1104;
const F_METADATA = 1105;
const F_TRIAL = 1106;

/** Product index of price `index`: prices cycle over products, so every product has some. */
export function productIndexOfPrice(index: number, products: number): number {
  return products > 0 ? index % products : index;
}

export const generatePrice: Generator<Stripe.Price> = (ctx, index) => {
  const unitAmount = (1 + (hash3(ctx.seed, index, F_AMOUNT) % 200)) * 500;
  const recurring = unit(ctx.seed, index, F_RECURRING) < 0.6;
  const interval = weighted<Stripe.Price.Recurring.Interval>(
    ctx.seed,
    index,
    F_INTERVAL,
    [
      ['month', 75],
      ['year', 20],
      ['week', 5],
    ],
    'month',
  );
  return {
    id: ctx.id(index),
    object: 'price',
    active: unit(ctx.seed, index, F_ACTIVE) < 0.92,
    billing_scheme: 'per_unit',
    created: ctx.createdAt(index),
    currency: ctx.account.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: index % 4 === 0 ? `price_key_${index}` : null,
    metadata: metadataFor(ctx.seed, index, F_METADATA),
    nickname: recurring ? `${interval === 'year' ? 'Yearly' : interval === 'week' ? 'Weekly' : 'Monthly'} ${unitAmount / 100}` : null,
    product: ctx.idOf('products', productIndexOfPrice(index, ctx.count('products'))),
    recurring: recurring
      ? {
          interval,
          interval_count: 1,
          meter: null,
          trial_period_days: unit(ctx.seed, index, F_TRIAL) < 0.2 ? 14 : null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: Stripe.Decimal.from(unitAmount),
  };
};
