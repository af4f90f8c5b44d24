// The charges the writer benchmarks write: deterministic, about 1.5 KB of JSON each, like the
// emulator's.

export type Charge = Record<string, unknown> & { id: string };

/** A deterministic stand-in for a Stripe charge (about 1.5 KB of JSON, like the emulator's). */
export function charge(i: number): Charge {
  const h = (salt: number) => Math.abs(Math.imul(i + 1, 2_654_435_761) ^ Math.imul(salt, 40_503)) >>> 0;
  const amount = 100 + (h(1) % 100_000);
  const succeeded = h(2) % 10 !== 0;
  const created = 1_650_000_000 + i * 37;
  const id = `ch_3${(h(3) * 1_000_003 + i).toString(36).padStart(12, '0')}${i.toString(36).padStart(8, '0')}`;
  const name = ['Jenny Rosen', 'Émile Zola', "Seán O'Brien", 'Zoë Chen'][h(4) % 4] as string;
  const email = `customer${h(5) % 50_000}@example.com`;
  return {
    id,
    object: 'charge',
    amount,
    amount_captured: succeeded ? amount : 0,
    amount_refunded: h(6) % 20 === 0 ? amount : 0,
    application: null,
    balance_transaction: succeeded ? `txn_${id.slice(3)}` : null,
    billing_details: {
      address: { city: 'Berlin', country: 'DE', line1: `Hauptstraße ${h(7) % 200}`, line2: null, postal_code: '10115', state: null },
      email,
      name,
      phone: null,
    },
    calculated_statement_descriptor: 'DATASYNC BENCH',
    captured: succeeded,
    created,
    currency: ['usd', 'eur', 'gbp'][h(8) % 3],
    customer: `cus_${(h(9) % 50_000).toString(36).padStart(14, '0')}`,
    description: h(10) % 3 === 0 ? null : `Order #${h(11) % 1_000_000}\tline two\n"quoted" \\ back`,
    disputed: false,
    failure_code: succeeded ? null : 'card_declined',
    failure_message: succeeded ? null : 'Your card was declined.',
    fraud_details: {},
    livemode: false,
    metadata: { order_id: String(h(12) % 1_000_000), channel: 'web' },
    outcome: {
      network_status: succeeded ? 'approved_by_network' : 'declined_by_network',
      reason: succeeded ? null : 'generic_decline',
      risk_level: 'normal',
      risk_score: h(13) % 100,
      seller_message: succeeded ? 'Payment complete.' : 'The bank did not return any further details with this decline.',
      type: succeeded ? 'authorized' : 'issuer_declined',
    },
    paid: succeeded,
    payment_intent: `pi_${id.slice(3)}`,
    payment_method: `pm_${id.slice(3)}`,
    payment_method_details: {
      card: {
        brand: 'visa',
        country: 'DE',
        exp_month: 1 + (h(14) % 12),
        exp_year: 2030,
        fingerprint: id.slice(-16),
        funding: 'credit',
        last4: String(1000 + (h(15) % 9000)),
        network: 'visa',
        three_d_secure: null,
        wallet: null,
      },
      type: 'card',
    },
    receipt_email: email,
    receipt_number: null,
    receipt_url: `https://pay.stripe.com/receipts/payment/${id}`,
    refunded: false,
    review: null,
    shipping: null,
    source_transfer: null,
    statement_descriptor: null,
    status: succeeded ? 'succeeded' : 'failed',
    transfer_data: null,
    transfer_group: null,
  };
}
