import type Stripe from 'stripe';
import { hash3, unit } from '../kit/hash';
import { toBase62 } from '../core/base62';
import type { Generator } from './context';
import { person, personPhone } from './people';
import { metadataFor } from './relations';

const F_BALANCE = 401;
const F_SHIPPING = 402;
const F_DESCRIPTION = 403;
const F_METADATA = 404;
const F_DELINQUENT = 405;
const F_PREFIX = 406;
const F_PHONE = 407;

export const generateCustomer: Generator<Stripe.Customer> = (ctx, index) => {
  // Customer i is person i of the account: the same name and email appear on its charges.
  const who = person(ctx.account.seed, index, ctx.account.country);
  const phone = personPhone(ctx.account.seed, index, ctx.account.country);
  const hasShipping = unit(ctx.seed, index, F_SHIPPING) < 0.3;
  const balanceRoll = hash3(ctx.seed, index, F_BALANCE) % 100;
  return {
    id: ctx.id(index),
    object: 'customer',
    address: who.address,
    balance: balanceRoll < 90 ? 0 : (balanceRoll - 95) * 500,
    created: ctx.createdAt(index),
    currency: ctx.account.currency,
    default_source: null,
    delinquent: unit(ctx.seed, index, F_DELINQUENT) < 0.03,
    description:
      unit(ctx.seed, index, F_DESCRIPTION) < 0.2 ? `Customer since ${1970 + Math.floor(ctx.createdAt(index) / 31_556_952)}` : null,
    discount: null,
    email: who.email,
    invoice_prefix: toBase62(hash3(ctx.seed, index, F_PREFIX) % 14_776_336, 4).toUpperCase() + String(index % 10_000).padStart(4, '0'),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: metadataFor(ctx.seed, index, F_METADATA),
    name: who.name,
    next_invoice_sequence: 1 + (index % 20),
    phone: unit(ctx.seed, index, F_PHONE) < 0.6 ? phone : null,
    preferred_locales: [],
    shipping: hasShipping ? { address: who.address, name: who.name, phone } : null,
    tax_exempt: 'none',
    test_clock: null,
  };
};
