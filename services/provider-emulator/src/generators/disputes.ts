import type Stripe from 'stripe';
import { weighted } from '../kit/hash';
import type { Generator } from './context';
import { person } from './people';
import { customerIndexOf, metadataFor, paymentAmount, paymentCurrency, spread } from './relations';

const F_REASON = 701;
const F_STATUS = 702;
const F_METADATA = 703;

const DAY = 86_400;

export const generateDispute: Generator<Stripe.Dispute> = (ctx, index) => {
  const chargeIndex = spread(index, ctx.count('disputes'), ctx.count('charges'));
  const created = ctx.createdAt(index);
  const status = weighted<Stripe.Dispute.Status>(
    ctx.seed,
    index,
    F_STATUS,
    [
      ['won', 40],
      ['lost', 30],
      ['needs_response', 15],
      ['under_review', 10],
      ['warning_closed', 5],
    ],
    'won',
  );
  const customer = customerIndexOf(ctx, chargeIndex);
  const who = customer === null ? undefined : person(ctx.account.seed, customer, ctx.account.country);
  const dueBy = created + 7 * DAY;
  return {
    id: ctx.id(index),
    object: 'dispute',
    amount: paymentAmount(ctx, chargeIndex),
    balance_transactions: [],
    charge: ctx.idOf('charges', chargeIndex),
    created,
    currency: paymentCurrency(ctx, chargeIndex),
    enhanced_eligibility_types: [],
    evidence: {
      access_activity_log: null,
      billing_address: null,
      cancellation_policy: null,
      cancellation_policy_disclosure: null,
      cancellation_rebuttal: null,
      customer_communication: null,
      customer_email_address: who?.email ?? null,
      customer_name: who?.name ?? null,
      customer_purchase_ip: null,
      customer_signature: null,
      duplicate_charge_documentation: null,
      duplicate_charge_explanation: null,
      duplicate_charge_id: null,
      enhanced_evidence: {},
      product_description: null,
      receipt: null,
      refund_policy: null,
      refund_policy_disclosure: null,
      refund_refusal_explanation: null,
      service_date: null,
      service_documentation: null,
      shipping_address: null,
      shipping_carrier: null,
      shipping_date: null,
      shipping_documentation: null,
      shipping_tracking_number: null,
      uncategorized_file: null,
      uncategorized_text: null,
    },
    evidence_details: {
      due_by: dueBy,
      enhanced_eligibility: {},
      has_evidence: status === 'won' || status === 'lost' || status === 'under_review',
      past_due: status === 'lost',
      submission_count: status === 'needs_response' ? 0 : 1,
      submission_method: status === 'needs_response' ? 'not_submitted' : 'manual',
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: metadataFor(ctx.seed, index, F_METADATA),
    payment_intent: chargeIndex < ctx.count('payment_intents') ? ctx.idOf('payment_intents', chargeIndex) : null,
    payment_method_details: {
      card: { brand: 'visa', case_type: 'chargeback', network: 'visa', network_reason_code: '10.4' },
      type: 'card',
    },
    reason: weighted<string>(
      ctx.seed,
      index,
      F_REASON,
      [
        ['fraudulent', 45],
        ['product_not_received', 20],
        ['duplicate', 10],
        ['subscription_canceled', 10],
        ['general', 15],
      ],
      'general',
    ),
    status,
  };
};
