import type { Request } from 'express';
import type { Joi } from '@datasync/config';
import { ShopifyHttpError } from '../http/shopifyHttpError';
import type { Shop } from '../shop/shop';
import type { ShopifyState } from '../shop/shopifyState';

/** An admin body checked against its schema; a bad one is a 400 naming the problem. */
export function adminBody<T>(schema: Joi.Schema, body: unknown): T {
  const { value, error } = schema.validate(body ?? {}, { abortEarly: true });
  if (error) throw new ShopifyHttpError(400, { error: error.message });
  return value as T;
}

/** The `:shop` of an admin path (`<name>.myshopify.com`); 404 when there is no such shop. */
export function adminShop(state: ShopifyState, req: Request): Shop {
  const domain = String(req.params.shop ?? '').toLowerCase();
  const shop = state.shops.get(domain);
  if (!shop) throw new ShopifyHttpError(404, { error: `no shop ${domain}` });
  return shop;
}
