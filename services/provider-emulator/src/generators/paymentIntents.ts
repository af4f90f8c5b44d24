import type Stripe from 'stripe';
import { hash3, pick, unit } from '../kit/hash';
import { toBase62 } from '../core/base62';
import type { Generator } from './context';
import { chargeDescriptions } from './pools';
import { customerIdOf, metadataFor, paymentAmount, paymentCurrency, paymentOutcome } from './relations';

const F_DESCRIPTION = 601;
const F_METADATA = 602;
const F_SECRET = 603;
const F_CANCELED = 604;
const F_CAPTURE = 605;

export const generatePaymentIntent: Generator<Stripe.PaymentIntent> = (ctx, index) => {
  // Payment intent i and charge i are the same payment: amount, customer and outcome agree.
  const amount = paymentAmount(ctx, index);
  const outcome = paymentOutcome(ctx, index);
  const hasCharge = index < ctx.count('charges');
  const created = ctx.createdAt(index);
  const canceled = outcome === 'failed' && unit(ctx.seed, index, F_CANCELED) < 0.5;
  const status: Stripe.PaymentIntent.Status =
    outcome === 'succeeded' ? 'succeeded' : outcome === 'pending' ? 'processing' : canceled ? 'canceled' : 'requires_payment_method';
  const id = ctx.id(index);
  const manual = unit(ctx.seed, index, F_CAPTURE) < 0.05;
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: outcome === 'succeeded' ? amount : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: { allow_redirects: 'always', enabled: true },
    canceled_at: canceled ? created + 3600 : null,
    cancellation_reason: canceled ? 'abandoned' : null,
    capture_method: manual ? 'manual' : 'automatic_async',
    client_secret: `${id}_secret_${toBase62(hash3(ctx.seed, index, F_SECRET), 6)}${toBase62(hash3(ctx.seed, index, F_SECRET + 1), 6)}`,
    confirmation_method: 'automatic',
    created,
    currency: paymentCurrency(ctx, index),
    customer: customerIdOf(ctx, index),
    customer_account: null,
    description: pick(ctx.seed, index, F_DESCRIPTION, chargeDescriptions),
    excluded_payment_method_types: null,
    last_payment_error:
      outcome === 'failed'
        ? { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', type: 'card_error' }
        : null,
    latest_charge: hasCharge ? ctx.idOf('charges', index) : null,
    livemode: false,
    managed_payments: null,
    metadata: metadataFor(ctx.seed, index, F_METADATA),
    next_action: null,
    on_behalf_of: null,
    payment_method: hasCharge ? `pm_${ctx.idOf('charges', index).slice(3)}` : null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status,
    transfer_data: null,
    transfer_group: null,
  };
};
