import express, { type Router } from 'express';
import type { Logger } from '@datasync/logger';
import { faultGate } from '../kit';
import { appAdminRoutes } from './admin/appAdminRoutes';
import { recordAdminRoutes } from './admin/recordAdminRoutes';
import { shopAdminRoutes } from './admin/shopAdminRoutes';
import { oauthRoutes } from './auth/oauthRoutes';
import { graphqlRoute } from './http/graphqlRoute';
import { requestShop, shopDomain } from './http/shopDomain';
import { shopifyAuthenticate } from './http/shopifyAuthenticate';
import { shopifyErrorHandler } from './http/shopifyErrorHandler';
import { shopifyErrors } from './http/shopifyHttpError';
import { SHOPIFY_ADMIN_VERSION } from './schema/adminSchema';
import type { ShopifyState } from './shop/shopifyState';

const VERSION = /^(\d{4}-\d{2}|unstable)$/;

/**
 * Shopify on the emulator's listener: `/admin/api/<version>/graphql.json` and `/admin/oauth/…`
 * on a shop's domain (the `Host` header, or a `/shops/<shop>.myshopify.com` prefix), and the
 * `/_emulator/shopify` admin API. Other paths are left to the next router (HubSpot's, Stripe's).
 */
export function shopifyRouter(state: ShopifyState, logger: Logger): Router {
  const router = express.Router();
  const isShopify = (req: express.Request) =>
    /^\/(admin|shops)(\/|$)/.test(req.path) ||
    req.path.startsWith('/_emulator/shopify/') ||
    (req.headers.host ?? '').includes('.myshopify.com');
  router.use((req, _res, next) => next(isShopify(req) ? undefined : 'router'));
  router.use('/_emulator/shopify', express.json({ limit: '100kb' }));
  router.use(shopAdminRoutes(state), recordAdminRoutes(state), appAdminRoutes(state));

  const shopApi = express.Router();
  shopApi.use(shopDomain(state));
  shopApi.use(oauthRoutes(state));
  // Any supported version name is answered by the one schema the emulator serves, and says so.
  shopApi.use('/admin/api/:version', (req, res, next) => {
    if (!VERSION.test(String(req.params.version))) return next(shopifyErrors.notFound());
    res.setHeader('x-shopify-api-version', SHOPIFY_ADMIN_VERSION);
    next();
  });
  shopApi.post(
    '/admin/api/:version/graphql.json',
    shopifyAuthenticate(state),
    faultGate({
      target: (res) => requestShop(res),
      itemsRequested: () => 0,
      endpoint: () => 'graphql',
      throttled: shopifyErrors.throttled,
      serverError: shopifyErrors.serverError,
    }),
    express.json({ limit: '1mb' }),
    graphqlRoute(),
  );
  shopApi.use((_req, _res, next) => next(shopifyErrors.notFound()));
  router.use(shopApi);
  router.use(shopifyErrorHandler(logger));
  return router;
}
