import type Stripe from 'stripe';
import { hash3, pick, unit } from '../kit/hash';
import { cardDetails } from './cards';
import type { Generator } from './context';
import { person } from './people';
import { chargeDescriptions } from './pools';
import {
  customerIdOf,
  customerIndexOf,
  metadataFor,
  paymentAmount,
  paymentCurrency,
  paymentOutcome,
  refundState,
  refundedAmount,
} from './relations';

const F_DESCRIPTION = 301;
const F_METADATA = 302;
const F_RECEIPT = 303;
const F_RISK = 304;
const F_DISPUTED = 305;
const F_FAILURE = 306;
const F_GUEST_PERSON = 307;

const failures = [
  ['card_declined', 'Your card was declined.', 'generic_decline'],
  ['insufficient_funds', 'Your card has insufficient funds.', 'insufficient_funds'],
  ['expired_card', 'Your card has expired.', 'expired_card'],
  ['incorrect_cvc', "Your card's security code is incorrect.", 'incorrect_cvc'],
] as const;

export const generateCharge: Generator<Stripe.Charge> = (ctx, index) => {
  const created = ctx.createdAt(index);
  const amount = paymentAmount(ctx, index);
  const currency = paymentCurrency(ctx, index);
  const outcome = paymentOutcome(ctx, index);
  const customerIndex = customerIndexOf(ctx, index);
  // The payer of a customer's charge is that customer; guests get a person of their own.
  const payer = person(
    ctx.account.seed,
    customerIndex ?? 1_000_000_000 + (hash3(ctx.seed, index, F_GUEST_PERSON) % 1_000_000),
    ctx.account.country,
  );
  const succeeded = outcome === 'succeeded';
  const refunded = refundedAmount(ctx, index);
  const failure = outcome === 'failed' ? pick(ctx.seed, index, F_FAILURE, failures) : undefined;
  const riskScore = Math.floor(unit(ctx.seed, index, F_RISK) * 100);
  const hasPaymentIntent = index < ctx.count('payment_intents');
  const hasBalanceTransaction = succeeded && index < ctx.count('balance_transactions');
  const receiptNumber = String(hash3(ctx.seed, index, F_RECEIPT) % 10_000).padStart(4, '0');
  const id = ctx.id(index);
  const paymentMethod = `pm_${id.slice(3)}`;
  return {
    id,
    object: 'charge',
    amount,
    amount_captured: succeeded ? amount : 0,
    amount_refunded: refunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: hasBalanceTransaction ? ctx.idOf('balance_transactions', index) : null,
    billing_details: { address: payer.address, email: payer.email, name: payer.name, phone: null, tax_id: null },
    calculated_statement_descriptor: ctx.account.statementDescriptor,
    captured: succeeded,
    created,
    currency,
    customer: customerIdOf(ctx, index),
    description: pick(ctx.seed, index, F_DESCRIPTION, chargeDescriptions),
    disputed: succeeded && unit(ctx.seed, index, F_DISPUTED) < 0.005,
    failure_balance_transaction: null,
    failure_code: failure?.[0] ?? null,
    failure_message: failure?.[1] ?? null,
    fraud_details: {},
    livemode: false,
    metadata: metadataFor(ctx.seed, index, F_METADATA),
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: outcome === 'failed' ? 'declined_by_network' : 'approved_by_network',
      reason: failure?.[2] ?? null,
      risk_level: riskScore > 75 ? 'elevated' : 'normal',
      risk_score: riskScore,
      seller_message: outcome === 'failed' ? 'The bank did not return any further details with this decline.' : 'Payment complete.',
      type: outcome === 'failed' ? 'issuer_declined' : 'authorized',
    },
    paid: succeeded,
    payment_intent: hasPaymentIntent ? ctx.idOf('payment_intents', index) : null,
    payment_method: paymentMethod,
    payment_method_details: { card: cardDetails(ctx.account.seed, index, ctx.account.country, amount, created), type: 'card' },
    radar_options: {},
    receipt_email: customerIndex === null ? null : payer.email,
    receipt_number: succeeded ? `${receiptNumber}-${String(index % 10_000).padStart(4, '0')}` : null,
    receipt_url: succeeded ? `https://pay.stripe.com/receipts/payment/${id}` : null,
    refunded: refundState(ctx, index) === 'full',
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: outcome,
    transfer_data: null,
    transfer_group: null,
  };
};
