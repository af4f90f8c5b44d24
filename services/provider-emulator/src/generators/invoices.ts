import type Stripe from 'stripe';
import { hash3, weighted } from '../kit/hash';
import type { GenContext, Generator } from './context';
import { childCount, embeddedList } from './embeddedList';
import { person } from './people';
import { productName } from './products';
import { customerIndexOf, metadataFor } from './relations';

const F_STATUS = 1401;
const F_METADATA = 1402;
const F_AMOUNT = 1403;
const F_SUBSCRIPTION = 1404;
const F_LINES = 1405;

const DAY = 86_400;

/**
 * The subscription invoice `index` bills, if any: one of its customer's subscriptions
 * (subscription j has customer j mod C, the same rule as invoices), else a one-off invoice.
 */
export function subscriptionIndexOfInvoice(index: number, customer: number, customers: number, subscriptions: number): number | null {
  if (customers === 0 || customer >= subscriptions) return null;
  const perCustomer = Math.ceil((subscriptions - customer) / customers);
  const pickIndex = customer + customers * (Math.floor(index / customers) % perCustomer);
  return pickIndex < subscriptions ? pickIndex : null;
}

/** Every line of invoice `index`; the invoice embeds the first page of them (see embeddedList). */
export function invoiceLines(ctx: GenContext, index: number): Stripe.InvoiceLineItem[] {
  return buildInvoice(ctx, index).lines;
}

export const generateInvoice: Generator<Stripe.Invoice> = (ctx, index) => buildInvoice(ctx, index).invoice;

function buildInvoice(ctx: GenContext, index: number): { invoice: Stripe.Invoice; lines: Stripe.InvoiceLineItem[] } {
  const created = ctx.createdAt(index);
  const id = ctx.id(index);
  const customers = ctx.count('customers');
  const customer = customerIndexOf(ctx, index, true);
  const who = person(ctx.account.seed, customer ?? index, ctx.account.country);
  const subscription =
    customer === null || hash3(ctx.seed, index, F_SUBSCRIPTION) % 5 === 0
      ? null
      : subscriptionIndexOfInvoice(index, customer, customers, ctx.count('subscriptions'));
  const subscriptionId = subscription === null ? null : ctx.idOf('subscriptions', subscription);
  const status = weighted<Stripe.Invoice.Status>(
    ctx.seed,
    index,
    F_STATUS,
    [
      ['paid', 80],
      ['open', 10],
      ['draft', 5],
      ['void', 3],
      ['uncollectible', 2],
    ],
    'paid',
  );
  const lineAmount = (1 + (hash3(ctx.seed, index, F_AMOUNT) % 400)) * 250;
  // One invoice in 20 has 11–40 lines: more than the first page Stripe embeds.
  const lineCount = childCount(hash3(ctx.seed, index, F_LINES), 20, 11, 30);
  const amount = lineAmount * lineCount;
  const finalizedAt = status === 'draft' ? null : created + 3600;
  const paid = status === 'paid';
  const periodStart = subscription === null ? created : created - 30 * DAY;
  const description =
    subscription === null ? productName(ctx.seedOf('products'), index % 50) : `1 × ${productName(ctx.seedOf('products'), index % 50)}`;
  const line = (k: number): Stripe.InvoiceLineItem => ({
    id: k === 0 ? `il_${id.slice(3)}` : `il_${id.slice(3)}${String(k).padStart(2, '0')}`,
    object: 'line_item',
    amount: lineAmount,
    currency: ctx.account.currency,
    description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: id,
    livemode: false,
    metadata: {},
    parent: subscriptionId
      ? {
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: false,
            proration_details: { credited_items: null },
            subscription: subscriptionId,
            subscription_item: `si_${subscriptionId.slice(4)}`,
          },
          type: 'subscription_item_details',
        }
      : {
          invoice_item_details: {
            invoice_item: `ii_${id.slice(3)}`,
            proration: false,
            proration_details: { credited_items: null },
            subscription: null,
          },
          subscription_item_details: null,
          type: 'invoice_item_details',
        },
    period: { end: created, start: periodStart },
    pretax_credit_amounts: [],
    pricing: null,
    quantity: 1,
    quantity_decimal: null,
    subscription: subscriptionId,
    subtotal: lineAmount,
    taxes: [],
  });
  const lines = Array.from({ length: lineCount }, (_, k) => line(k));
  const invoice: Stripe.Invoice = {
    id,
    object: 'invoice',
    account_country: ctx.account.country,
    account_name: ctx.account.businessName,
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: paid ? amount : 0,
    amount_remaining: status === 'open' || status === 'uncollectible' ? amount : 0,
    amount_shipping: 0,
    application: null,
    attempt_count: paid ? 1 : status === 'open' ? 2 : 0,
    attempted: status !== 'draft',
    auto_advance: status === 'draft' || status === 'open',
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: status === 'draft' ? created + 3600 : null,
    billing_reason: subscriptionId ? (created - periodStart > 0 ? 'subscription_cycle' : 'subscription_create') : 'manual',
    collection_method: 'charge_automatically',
    created,
    currency: ctx.account.currency,
    custom_fields: null,
    customer: customer === null ? null : ctx.idOf('customers', customer),
    customer_account: null,
    customer_address: who.address,
    customer_email: who.email,
    customer_name: who.name,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: finalizedAt,
    ending_balance: status === 'draft' ? null : 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: status === 'draft' ? null : `https://invoice.stripe.com/i/${ctx.account.id}/${id}`,
    invoice_pdf: status === 'draft' ? null : `https://pay.stripe.com/invoice/${ctx.account.id}/${id}/pdf`,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: embeddedList(lines, `/v1/invoices/${id}/lines`),
    livemode: false,
    metadata: metadataFor(ctx.seed, index, F_METADATA),
    next_payment_attempt: status === 'open' ? created + 3 * DAY : null,
    number: status === 'draft' ? null : `${ctx.account.id.slice(5, 13).toUpperCase()}-${String(index + 1).padStart(4, '0')}`,
    on_behalf_of: null,
    parent: subscriptionId
      ? { quote_details: null, subscription_details: { metadata: {}, subscription: subscriptionId }, type: 'subscription_details' }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: created,
    period_start: periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status,
    status_transitions: {
      finalized_at: finalizedAt,
      marked_uncollectible_at: status === 'uncollectible' ? created + 30 * DAY : null,
      paid_at: paid ? created + 3600 : null,
      voided_at: status === 'void' ? created + 7200 : null,
    },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: created,
  };
  return { invoice, lines };
}
