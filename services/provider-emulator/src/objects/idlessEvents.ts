import { fieldAt, toJsonObject, type JsonObject } from '../kit/json';
import type { EmulatorAccount } from '../state/account';
import type { ResourceStore } from '../state/resourceStore';

// Events Stripe sends whose object has no id: they stand for no row of any resource, yet every
// reader of /v1/events meets them (every account with charges receives balance.available).

const available = new WeakMap<EmulatorAccount, number>();

function announce(account: EmulatorAccount, type: string, object: JsonObject): void {
  account.events.append(type, account.now(), object, undefined, account.connectedTo ? account.id : undefined);
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * `balance.available` with the account's Balance. Stripe sends it when funds become available,
 * days after the charge; the emulator has no settlement delay, so it sends it when a charge
 * succeeds or a payout takes funds out.
 */
function balanceAvailable(account: EmulatorAccount, change: number): void {
  const amount = (available.get(account) ?? 0) + change;
  available.set(account, amount);
  const currency = account.profile.currency;
  announce(account, 'balance.available', {
    object: 'balance',
    available: [{ amount, currency, source_types: { card: amount } }],
    connect_reserved: [{ amount: 0, currency }],
    livemode: false,
    pending: [{ amount: 0, currency, source_types: { card: 0 } }],
  });
}

/**
 * `invoice.upcoming`: Stripe announces the invoice a subscription will create at its next
 * renewal. That invoice does not exist yet and has no id. Its shape is a generated invoice's (the
 * next one the account would have), made a draft of the subscription's next period.
 */
function invoiceUpcoming(account: EmulatorAccount, subscription: JsonObject): void {
  const invoices = account.store('invoices');
  const { id: _id, ...base } = invoices ? toJsonObject(invoices.objectAt(invoices.size)) : {};
  const amount =
    num(fieldAt(subscription, 'items.data.0.price.unit_amount')) * Math.max(1, num(fieldAt(subscription, 'items.data.0.quantity')));
  const periodEnd = num(fieldAt(subscription, 'items.data.0.current_period_end')) || account.now() + 30 * 86_400;
  announce(account, 'invoice.upcoming', {
    ...base,
    object: 'invoice',
    account_country: account.profile.country,
    amount_due: amount,
    amount_paid: 0,
    amount_remaining: amount,
    attempt_count: 0,
    attempted: false,
    billing_reason: 'upcoming',
    collection_method: subscription.collection_method ?? 'charge_automatically',
    created: periodEnd,
    currency: subscription.currency ?? account.profile.currency,
    customer: subscription.customer ?? null,
    finalized_at: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    lines: { object: 'list', data: [], has_more: false, url: '/v1/invoices/upcoming/lines' },
    livemode: false,
    next_payment_attempt: periodEnd + 3600,
    number: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: subscription.metadata ?? {}, subscription: subscription.id },
    },
    period_end: periodEnd,
    period_start: periodEnd - 30 * 86_400,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: amount,
    total: amount,
  });
}

/** The id-less events a change of `store`'s object brings along, after its own event. */
export function announceIdlessEvents(
  account: EmulatorAccount,
  store: ResourceStore,
  before: JsonObject | undefined,
  after: JsonObject,
): void {
  if (store.name === 'charges' && after.status === 'succeeded' && before?.status !== 'succeeded') {
    balanceAvailable(account, num(after.amount) - num(after.amount_refunded));
  } else if (store.name === 'payouts' && before === undefined) {
    balanceAvailable(account, -num(after.amount));
  } else if (store.name === 'subscriptions' && before === undefined && ['active', 'trialing', 'past_due'].includes(String(after.status))) {
    invoiceUpcoming(account, after);
  }
}
