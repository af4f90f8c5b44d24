import { column, longText, stripeBaseColumns } from '../catalogColumns';
import type { CatalogResource } from '../types';

export const products: CatalogResource = {
  provider: 'stripe',
  name: 'products',
  label: 'Products',
  object: 'product',
  endpoint: '/v1/products',
  table: 'stripe_products',
  idPrefix: 'prod',
  columns: [
    column('name', 'text'),
    longText('description'),
    column('active', 'boolean'),
    column('type', 'text'),
    column('default_price', 'text'),
    column('shippable', 'boolean'),
    longText('url'),
    column('updated', 'timestamp'),
    ...stripeBaseColumns,
  ],
  eventTypes: ['product.created', 'product.updated', 'product.deleted'],
  deletedEventType: 'product.deleted',
  listFilters: ['active', 'shippable', 'type', 'ids', 'url'],
  deletable: true,
};

export const prices: CatalogResource = {
  provider: 'stripe',
  name: 'prices',
  label: 'Prices',
  object: 'price',
  endpoint: '/v1/prices',
  table: 'stripe_prices',
  idPrefix: 'price',
  columns: [
    column('product', 'text'),
    column('active', 'boolean'),
    column('currency', 'text'),
    column('unit_amount', 'bigint'),
    column('type', 'text'),
    column('billing_scheme', 'text'),
    column('recurring_interval', 'text', 'recurring.interval'),
    column('recurring_interval_count', 'integer', 'recurring.interval_count'),
    column('lookup_key', 'text'),
    column('nickname', 'text'),
    column('tax_behavior', 'text'),
    ...stripeBaseColumns,
  ],
  eventTypes: ['price.created', 'price.updated', 'price.deleted'],
  deletedEventType: 'price.deleted',
  listFilters: ['product', 'active', 'currency', 'type', 'lookup_keys'],
  deletable: true,
};

export const coupons: CatalogResource = {
  provider: 'stripe',
  name: 'coupons',
  label: 'Coupons',
  object: 'coupon',
  endpoint: '/v1/coupons',
  table: 'stripe_coupons',
  // Stripe coupon ids are chosen by the merchant or random without a prefix; generated ones
  // here use `co_` only so that they are recognisable.
  idPrefix: 'co',
  columns: [
    column('name', 'text'),
    column('amount_off', 'bigint'),
    column('currency', 'text'),
    column('duration', 'text'),
    column('duration_in_months', 'integer'),
    column('max_redemptions', 'integer'),
    column('times_redeemed', 'integer'),
    column('redeem_by', 'timestamp'),
    column('valid', 'boolean'),
    ...stripeBaseColumns,
  ],
  eventTypes: ['coupon.created', 'coupon.updated', 'coupon.deleted'],
  deletedEventType: 'coupon.deleted',
  listFilters: [],
  deletable: true,
};
