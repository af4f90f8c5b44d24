import type Stripe from 'stripe';
import { unit, weighted } from '../kit/hash';
import type { Generator } from './context';
import { customerIdOf, metadataFor, paymentAmount, paymentCurrency, spread } from './relations';

const F_REASON = 501;
const F_METADATA = 502;
const F_STATUS = 503;
const F_PARTIAL = 504;

export const generateRefund: Generator<Stripe.Refund> = (ctx, index) => {
  const charges = ctx.count('charges');
  // Refund i belongs to a charge at the same relative position in time, so it is never older
  // than its charge by much and the pair reads as one story.
  const chargeIndex = spread(index, ctx.count('refunds'), charges);
  const hasCharge = charges > 0;
  const full = paymentAmount(ctx, chargeIndex);
  const amount = unit(ctx.seed, index, F_PARTIAL) < 0.3 ? Math.max(1, Math.floor(full / 2)) : full;
  const status = weighted<string>(
    ctx.seed,
    index,
    F_STATUS,
    [
      ['succeeded', 95],
      ['pending', 3],
      ['failed', 2],
    ],
    'succeeded',
  );
  const id = ctx.id(index);
  return {
    id,
    object: 'refund',
    amount,
    balance_transaction: status === 'failed' ? null : `txn_${id.slice(3)}`,
    charge: hasCharge ? ctx.idOf('charges', chargeIndex) : null,
    created: ctx.createdAt(index),
    currency: paymentCurrency(ctx, chargeIndex),
    customer: hasCharge ? customerIdOf(ctx, chargeIndex) : null,
    customer_account: null,
    destination_details: {
      card: { reference_status: 'available', reference_type: 'acquirer_reference_number', type: 'refund', reference: `RF${index}` },
      type: 'card',
    },
    metadata: metadataFor(ctx.seed, index, F_METADATA),
    payment_intent: hasCharge && chargeIndex < ctx.count('payment_intents') ? ctx.idOf('payment_intents', chargeIndex) : null,
    payment_method: null,
    reason: weighted<Stripe.Refund.Reason | null>(
      ctx.seed,
      index,
      F_REASON,
      [
        ['requested_by_customer', 70],
        ['duplicate', 10],
        ['fraudulent', 5],
        [null, 15],
      ],
      null,
    ),
    receipt_number: null,
    source_transfer_reversal: null,
    status,
    transfer_reversal: null,
    ...(status === 'failed' ? { failure_reason: 'expired_or_canceled_card' } : {}),
  };
};
