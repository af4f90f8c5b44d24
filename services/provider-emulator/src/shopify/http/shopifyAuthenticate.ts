import type { RequestHandler, Response } from 'express';
import type { ShopifyState } from '../shop/shopifyState';
import { requestShop } from './shopDomain';
import { shopifyErrors } from './shopifyHttpError';

const LOCAL_APP = 'shopifyApp';

/**
 * `X-Shopify-Access-Token`: the shop's static admin token, or an OAuth access token of an app
 * installed on this shop and not expired on the shop's clock. Anything else: Shopify's 401.
 */
export function shopifyAuthenticate(state: ShopifyState): RequestHandler {
  return (req, res, next) => {
    const shop = requestShop(res);
    const token = req.header('x-shopify-access-token') ?? '';
    if (token && token === shop.spec.adminToken) {
      res.locals[LOCAL_APP] = 'admin';
      return next();
    }
    const grant = state.tokens.access(token);
    if (!grant || grant.shop !== shop.spec.domain || (grant.expiresAt !== null && grant.expiresAt <= shop.now()))
      return next(shopifyErrors.unauthorized());
    res.locals[LOCAL_APP] = grant.clientId;
    next();
  };
}

/** The app a request acts for: its client id, or `admin` for the shop's static token. */
export function requestApp(res: Response): string {
  return res.locals[LOCAL_APP] as string;
}
