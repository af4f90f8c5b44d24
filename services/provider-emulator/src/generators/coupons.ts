import type Stripe from 'stripe';
import { hash3, unit, weighted } from '../kit/hash';
import type { Generator } from './context';
import { metadataFor } from './relations';

const F_KIND = 1201;
const F_VALUE = 1202;
const F_DURATION = 1203;
const F_LIMIT = 1204;
const F_METADATA = 1205;
const F_REDEEMED = 1206;

const DAY = 86_400;

export const generateCoupon: Generator<Stripe.Coupon> = (ctx, index) => {
  const percent = unit(ctx.seed, index, F_KIND) < 0.7;
  const value = 5 + (hash3(ctx.seed, index, F_VALUE) % 10) * 5;
  const duration = weighted<Stripe.Coupon.Duration>(
    ctx.seed,
    index,
    F_DURATION,
    [
      ['once', 50],
      ['repeating', 30],
      ['forever', 20],
    ],
    'once',
  );
  const limited = unit(ctx.seed, index, F_LIMIT) < 0.3;
  const created = ctx.createdAt(index);
  const redeemBy = limited ? created + 90 * DAY : null;
  return {
    id: ctx.id(index),
    object: 'coupon',
    amount_off: percent ? null : value * 100,
    created,
    currency: percent ? null : ctx.account.currency,
    duration,
    duration_in_months: duration === 'repeating' ? 3 : null,
    livemode: false,
    max_redemptions: limited ? 100 : null,
    metadata: metadataFor(ctx.seed, index, F_METADATA),
    name: percent ? `${value}% off` : `${value} ${ctx.account.currency.toUpperCase()} off`,
    percent_off: percent ? value : null,
    redeem_by: redeemBy,
    times_redeemed: hash3(ctx.seed, index, F_REDEEMED) % (limited ? 100 : 1000),
    valid: redeemBy === null || redeemBy > ctx.createdAt(Math.max(0, ctx.count('coupons') - 1)),
  };
};
