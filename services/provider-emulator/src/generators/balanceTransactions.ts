import type Stripe from 'stripe';
import { hash3, weighted } from '../kit/hash';
import type { Generator } from './context';
import { paymentAmount, paymentCurrency, paymentOutcome } from './relations';

const F_TYPE = 801;
const F_AMOUNT = 802;

const DAY = 86_400;

function stripeFee(amount: number): number {
  return Math.round(amount * 0.029) + 30;
}

export const generateBalanceTransaction: Generator<Stripe.BalanceTransaction> = (ctx, index) => {
  const created = ctx.createdAt(index);
  // Balance transaction i settles charge i when that charge succeeded (the charge points back
  // at it); the rest are payouts, refunds and adjustments.
  const settlesCharge = index < ctx.count('charges') && paymentOutcome(ctx, index) === 'succeeded';
  const type: Stripe.BalanceTransaction.Type = settlesCharge
    ? 'charge'
    : weighted<Stripe.BalanceTransaction.Type>(
        ctx.seed,
        index,
        F_TYPE,
        [
          ['payout', 40],
          ['refund', 35],
          ['adjustment', 10],
          ['stripe_fee', 15],
        ],
        'payout',
      );
  const currency = settlesCharge ? paymentCurrency(ctx, index) : ctx.account.currency;
  const magnitude = settlesCharge ? paymentAmount(ctx, index) : 100 + (hash3(ctx.seed, index, F_AMOUNT) % 500_000);
  const amount = type === 'charge' || type === 'adjustment' ? magnitude : -magnitude;
  const fee = type === 'charge' ? stripeFee(magnitude) : 0;
  const feeDetails: Stripe.BalanceTransaction.FeeDetail[] =
    fee > 0 ? [{ amount: fee, application: null, currency, description: 'Stripe processing fees', type: 'stripe_fee' }] : [];
  const source =
    type === 'charge'
      ? ctx.idOf('charges', index)
      : type === 'payout' && ctx.count('payouts') > 0
        ? ctx.idOf('payouts', index % ctx.count('payouts'))
        : null;
  return {
    id: ctx.id(index),
    object: 'balance_transaction',
    amount,
    available_on: created + 2 * DAY,
    balance_type: 'payments',
    created,
    currency,
    description: type === 'charge' ? 'Payment' : type === 'payout' ? 'STRIPE PAYOUT' : null,
    exchange_rate: null,
    fee,
    fee_details: feeDetails,
    net: amount - fee,
    reporting_category: type === 'charge' ? 'charge' : type === 'stripe_fee' ? 'fee' : type,
    source,
    // Stripe moves it from pending to available when available_on passes, and sends no event.
    status: created + 2 * DAY <= ctx.now() ? 'available' : 'pending',
    type,
  };
};
