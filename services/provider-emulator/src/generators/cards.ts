import type Stripe from 'stripe';
import { hash3, intBetween, unit, weighted } from '../kit/hash';
import { toBase62 } from '../core/base62';
import { cardBrands } from './pools';

const F_BRAND = 201;
const F_LAST4 = 202;
const F_EXP_MONTH = 203;
const F_EXP_YEAR = 204;
const F_FUNDING = 205;
const F_FINGERPRINT = 206;
const F_CVC = 207;
const F_AUTH = 208;
const F_NETWORK_TX = 209;

/** The card a payment was made with: same (seed, index) → same card in charges and payment intents. */
export function cardDetails(
  seed: number,
  index: number,
  country: string,
  amount: number,
  created: number,
): Stripe.Charge.PaymentMethodDetails.Card {
  const brand = weighted<string>(seed, index, F_BRAND, cardBrands, 'visa');
  // Close enough to the calendar year for an expiry date, without a Date per object.
  const year = 1970 + Math.floor(created / 31_556_952);
  const cvcFails = unit(seed, index, F_CVC) < 0.01;
  return {
    amount_authorized: amount,
    authorization_code: String(hash3(seed, index, F_AUTH) % 1_000_000).padStart(6, '0'),
    brand,
    checks: {
      address_line1_check: 'pass',
      address_postal_code_check: 'pass',
      cvc_check: cvcFails ? 'fail' : 'pass',
    },
    country,
    electronic_commerce_indicator: null,
    exp_month: intBetween(seed, index, F_EXP_MONTH, 1, 12),
    exp_year: year + intBetween(seed, index, F_EXP_YEAR, 1, 5),
    extended_authorization: { status: 'disabled' },
    fingerprint:
      toBase62(hash3(seed, index, F_FINGERPRINT) % 916_132_832, 5) +
      toBase62(hash3(seed, index, F_FINGERPRINT + 1), 6) +
      toBase62(hash3(seed, index, F_FINGERPRINT + 2) % 916_132_832, 5),
    funding: weighted<string>(
      seed,
      index,
      F_FUNDING,
      [
        ['credit', 60],
        ['debit', 38],
        ['prepaid', 2],
      ],
      'credit',
    ),
    incremental_authorization: { status: 'unavailable' },
    installments: null,
    last4: String(hash3(seed, index, F_LAST4) % 10_000).padStart(4, '0'),
    mandate: null,
    multicapture: { status: 'unavailable' },
    network: brand,
    network_token: { used: false },
    network_transaction_id: String(hash3(seed, index, F_NETWORK_TX)).padStart(15, '0'),
    overcapture: { maximum_amount_capturable: amount, status: 'unavailable' },
    regulated_status: 'unregulated',
    three_d_secure: null,
    transaction_link_id: null,
    wallet: null,
  };
}
