import type Stripe from 'stripe';
import { pick, unit } from '../kit/hash';
import type { Generator } from './context';
import { productNames } from './pools';
import { metadataFor } from './relations';

const F_NAME = 1001;
const F_ACTIVE = 1002;
const F_METADATA = 1003;
const F_DESCRIPTION = 1004;

const SERVICE_WORDS = ['plan', 'hour', 'ticket', 'class', 'seat', 'add-on'];

/** The display name of product `index`: prices and subscription items repeat it. */
export function productName(seed: number, index: number): string {
  const base = pick(seed, index, F_NAME, productNames);
  return index < productNames.length ? base : `${base} #${index}`;
}

export const generateProduct: Generator<Stripe.Product> = (ctx, index) => {
  const name = productName(ctx.seed, index);
  const service = SERVICE_WORDS.some((word) => name.includes(word));
  const created = ctx.createdAt(index);
  return {
    id: ctx.id(index),
    object: 'product',
    active: unit(ctx.seed, index, F_ACTIVE) < 0.9,
    created,
    // Price i belongs to product i mod products, so product i's first price is price i.
    default_price: index < ctx.count('prices') ? ctx.idOf('prices', index) : null,
    description: unit(ctx.seed, index, F_DESCRIPTION) < 0.5 ? `${name} for ${ctx.account.businessName}` : null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: metadataFor(ctx.seed, index, F_METADATA),
    name,
    package_dimensions: null,
    shippable: service ? null : true,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: service ? 'service' : 'good',
    unit_label: null,
    updated: created,
    url: null,
  };
};
