import { column, longText, stripeBaseColumns } from '../catalogColumns';
import type { CatalogResource } from '../types';

// Stripe emits no events for balance transactions, yet one changes once: its `status` moves from
// `pending` to `available` when `available_on` passes (https://docs.stripe.com/api/balance_transactions/object#balance_transaction_object-status),
// usually within days, at most about 30 for some countries and payment methods. Stripe never
// deletes them. So incremental sync lists the last 35 days again every 10 minutes, which also
// brings in the new ones.
export const balanceTransactions: CatalogResource = {
  provider: 'stripe',
  name: 'balance_transactions',
  label: 'Balance transactions',
  object: 'balance_transaction',
  endpoint: '/v1/balance_transactions',
  table: 'stripe_balance_transactions',
  idPrefix: 'txn',
  columns: [
    column('amount', 'bigint'),
    column('fee', 'bigint'),
    column('net', 'bigint'),
    column('currency', 'text'),
    column('type', 'text'),
    column('status', 'text'),
    column('reporting_category', 'text'),
    column('source', 'text'),
    column('available_on', 'timestamp'),
    longText('description'),
    column('created', 'timestamp'),
  ],
  eventTypes: [],
  listFilters: ['payout', 'source', 'type', 'currency'],
  changeDetection: { kind: 'reread', windowSeconds: 35 * 86_400, intervalSeconds: 600 },
};

export const payouts: CatalogResource = {
  provider: 'stripe',
  name: 'payouts',
  label: 'Payouts',
  object: 'payout',
  endpoint: '/v1/payouts',
  table: 'stripe_payouts',
  idPrefix: 'po',
  columns: [
    column('amount', 'bigint'),
    column('currency', 'text'),
    column('status', 'text'),
    column('type', 'text'),
    column('method', 'text'),
    column('automatic', 'boolean'),
    column('arrival_date', 'timestamp'),
    column('destination', 'text'),
    column('balance_transaction', 'text'),
    column('failure_code', 'text'),
    longText('description'),
    ...stripeBaseColumns,
  ],
  eventTypes: ['payout.canceled', 'payout.created', 'payout.failed', 'payout.paid', 'payout.reconciliation_completed', 'payout.updated'],
  listFilters: ['status', 'destination', 'arrival_date'],
};
