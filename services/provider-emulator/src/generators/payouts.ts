import type Stripe from 'stripe';
import { hash3, weighted } from '../kit/hash';
import { toBase62 } from '../core/base62';
import type { Generator } from './context';
import { metadataFor } from './relations';

const F_AMOUNT = 901;
const F_STATUS = 902;
const F_METADATA = 903;
const F_TRACE = 904;

const DAY = 86_400;

export const generatePayout: Generator<Stripe.Payout> = (ctx, index) => {
  const created = ctx.createdAt(index);
  const status = weighted<string>(
    ctx.seed,
    index,
    F_STATUS,
    [
      ['paid', 94],
      ['in_transit', 3],
      ['failed', 2],
      ['canceled', 1],
    ],
    'paid',
  );
  const id = ctx.id(index);
  return {
    id,
    object: 'payout',
    amount: 1_000 + (hash3(ctx.seed, index, F_AMOUNT) % 2_000_000),
    application_fee: null,
    application_fee_amount: null,
    arrival_date: created + 2 * DAY,
    automatic: true,
    balance_transaction: `txn_${id.slice(3)}`,
    created,
    currency: ctx.account.currency,
    description: 'STRIPE PAYOUT',
    destination: `ba_${ctx.account.id.slice(5)}`,
    failure_balance_transaction: null,
    failure_code: status === 'failed' ? 'account_closed' : null,
    failure_message: status === 'failed' ? 'The bank account has been closed.' : null,
    livemode: false,
    metadata: metadataFor(ctx.seed, index, F_METADATA),
    method: 'standard',
    original_payout: null,
    payout_method: null,
    reconciliation_status: status === 'paid' ? 'completed' : 'not_applicable',
    reversed_by: null,
    source_type: 'card',
    statement_descriptor: null,
    status,
    trace_id: {
      status: status === 'paid' ? 'supported' : 'pending',
      value: status === 'paid' ? toBase62(hash3(ctx.seed, index, F_TRACE), 8) : null,
    },
    type: 'bank_account',
  };
};
