import type { RequestHandler, Response } from 'express';
import type { Shop } from '../shop/shop';
import type { ShopifyState } from '../shop/shopifyState';
import { shopifyErrors } from './shopifyHttpError';

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]{0,60}\.myshopify\.com$/;
const LOCAL_SHOP = 'shopifyShop';

/**
 * Which shop a request is for. Shopify answers on `https://<shop>.myshopify.com/admin/…`; the
 * emulator takes the shop from the `Host` header when it is a myshopify domain, else from a
 * `/shops/<shop>.myshopify.com` path prefix, which it strips: a connector's base URL template
 * `http://emulator/shops/{shop}` then reaches the same paths as `https://{shop}`.
 */
export function shopDomain(state: ShopifyState): RequestHandler {
  return (req, res, next) => {
    const prefix = /^\/shops\/([^/]+)(\/.*)$/.exec(req.url);
    const host = (req.headers.host ?? '').split(':')[0]!.toLowerCase();
    const domain = prefix ? decodeURIComponent(prefix[1]!).toLowerCase() : host;
    if (prefix) req.url = prefix[2]!;
    if (!SHOP_DOMAIN.test(domain)) return next(shopifyErrors.notFound());
    const shop = state.shops.get(domain);
    // Shopify answers an unknown shop's admin with a 404 page.
    if (!shop) return next(shopifyErrors.notFound());
    res.locals[LOCAL_SHOP] = shop;
    next();
  };
}

export function requestShop(res: Response): Shop {
  return res.locals[LOCAL_SHOP] as Shop;
}
