import type Stripe from 'stripe';
import { hash3, weighted } from '../kit/hash';
import type { GenContext, Generator } from './context';
import { childCount, embeddedList } from './embeddedList';
import { generatePrice } from './prices';
import { customerIdOf, metadataFor } from './relations';

const F_STATUS = 1301;
const F_METADATA = 1302;
const F_QUANTITY = 1303;
const F_ITEM = 1304;
const F_ITEMS = 1305;

const DAY = 86_400;
const PERIOD_DAYS: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };

/** Price index of subscription `index`'s single item. */
export function priceIndexOfSubscription(index: number, prices: number): number {
  return prices > 0 ? index % prices : index;
}

// The item's price is the full Price object (Stripe always expands it here); a one-time price
// is turned into a monthly one so that the subscription stays coherent.
function recurringPrice(ctx: GenContext, priceIndex: number): Stripe.Price {
  const price = generatePrice(priceContext(ctx), priceIndex);
  if (price.recurring) return price;
  return {
    ...price,
    type: 'recurring',
    recurring: { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
  };
}

/** The price generator expects its own context: same account, the prices' seed, timeline and ids. */
function priceContext(ctx: GenContext): GenContext {
  return {
    ...ctx,
    seed: ctx.seedOf('prices'),
    createdAt: (i) => ctx.createdOf('prices', i),
    id: (i) => ctx.idOf('prices', i),
  };
}

function planOf(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'month',
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: price.recurring?.trial_period_days ?? null,
    usage_type: 'licensed',
  };
}

/** Every item of subscription `index`; the subscription embeds the first page of them (see embeddedList). */
export function subscriptionItems(ctx: GenContext, index: number): Stripe.SubscriptionItem[] {
  return buildSubscription(ctx, index).items;
}

export const generateSubscription: Generator<Stripe.Subscription> = (ctx, index) => buildSubscription(ctx, index).subscription;

function buildSubscription(ctx: GenContext, index: number): { subscription: Stripe.Subscription; items: Stripe.SubscriptionItem[] } {
  const created = ctx.createdAt(index);
  const status = weighted<Stripe.Subscription.Status>(
    ctx.seed,
    index,
    F_STATUS,
    [
      ['active', 70],
      ['canceled', 15],
      ['trialing', 7],
      ['past_due', 5],
      ['incomplete_expired', 2],
      ['unpaid', 1],
    ],
    'active',
  );
  const firstPrice = priceIndexOfSubscription(index, ctx.count('prices'));
  const price = recurringPrice(ctx, firstPrice);
  const periodDays = PERIOD_DAYS[price.recurring?.interval ?? 'month'] ?? 30;
  const now = ctx.createdAt(Math.max(0, ctx.count('subscriptions') - 1));
  const elapsedPeriods = Math.max(0, Math.floor((now - created) / (periodDays * DAY)));
  const periodStart = created + elapsedPeriods * periodDays * DAY;
  const canceledAt =
    status === 'canceled' ? Math.min(now, created + (1 + (hash3(ctx.seed, index, F_STATUS) % 6)) * periodDays * DAY) : null;
  const trialEnd = status === 'trialing' ? created + 14 * DAY : null;
  const id = ctx.id(index);
  // One subscription in 25 has 11–25 items (one per price): more than the first page Stripe embeds.
  const itemCount = childCount(hash3(ctx.seed, index, F_ITEMS), 25, 11, 15);
  const prices = Math.max(1, ctx.count('prices'));
  const item = (k: number): Stripe.SubscriptionItem => {
    const itemPrice = k === 0 ? price : recurringPrice(ctx, (firstPrice + k) % prices);
    return {
      id: k === 0 ? `si_${id.slice(4)}` : `si_${id.slice(4)}${String(k).padStart(2, '0')}`,
      object: 'subscription_item',
      billing_thresholds: null,
      created,
      current_period_end: periodStart + periodDays * DAY,
      current_period_start: periodStart,
      current_trial: null,
      discounts: [],
      metadata: {},
      plan: planOf(itemPrice),
      price: itemPrice,
      quantity: 1 + (hash3(ctx.seed, index, F_QUANTITY) % 3 === 0 ? hash3(ctx.seed, index, F_ITEM) % 5 : 0),
      subscription: id,
      tax_rates: [],
    };
  };
  const items = Array.from({ length: itemCount }, (_, k) => item(k));
  const latestInvoice = index < ctx.count('invoices') ? ctx.idOf('invoices', index) : null;
  const subscription: Stripe.Subscription = {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: created,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: canceledAt,
    cancellation_details: {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: canceledAt === null ? null : 'cancellation_requested',
    },
    collection_method: 'charge_automatically',
    created,
    currency: price.currency,
    customer: customerIdOf(ctx, index, true) ?? `cus_${id.slice(4)}`,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: canceledAt,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: embeddedList(items, `/v1/subscription_items?subscription=${id}`),
    latest_invoice: latestInvoice,
    livemode: false,
    managed_payments: null,
    metadata: metadataFor(ctx.seed, index, F_METADATA),
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: created,
    status,
    test_clock: null,
    transfer_data: null,
    trial_end: trialEnd,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: trialEnd === null ? null : created,
  };
  return { subscription, items };
}
