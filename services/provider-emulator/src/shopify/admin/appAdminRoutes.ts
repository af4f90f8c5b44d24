import { randomBytes } from 'node:crypto';
import express, { type Router } from 'express';
import { Joi } from '@datasync/config';
import { expireBulkOperation } from '../bulk/bulkOperations';
import { ShopifyHttpError } from '../http/shopifyHttpError';
import type { ShopifyState } from '../shop/shopifyState';
import { adminBody, adminShop } from './adminInput';

/**
 * Apps (`POST /_emulator/shopify/apps` → client id and secret), installing one on a shop without
 * the consent page, webhook subscriptions and their delivery log, and bulk result files (the
 * emulator's stand-in for Shopify's signed storage URLs).
 */
export function appAdminRoutes(state: ShopifyState): Router {
  const router = express.Router();
  router.post('/_emulator/shopify/apps', (req, res) => {
    const body = adminBody<{ name: string }>(Joi.object({ name: Joi.string().max(100).default('Data sync') }), req.body);
    const app = {
      clientId: randomBytes(16).toString('hex'),
      clientSecret: `shpss_${randomBytes(16).toString('hex')}`,
      name: body.name,
      installs: new Set<string>(),
    };
    state.apps.set(app.clientId, app);
    res.status(201).json({ client_id: app.clientId, client_secret: app.clientSecret, name: app.name });
  });

  router.post('/_emulator/shopify/shops/:shop/install', (req, res) => {
    const shop = adminShop(state, req);
    const body = adminBody<{ client_id: string; scope: string; expiring: boolean }>(
      Joi.object({
        client_id: Joi.string().required(),
        scope: Joi.string().default('read_orders,read_customers,read_products'),
        expiring: Joi.boolean().default(true),
      }),
      req.body,
    );
    const app = state.apps.get(body.client_id);
    if (!app) throw new ShopifyHttpError(404, { error: 'no such app' });
    app.installs.add(shop.spec.domain);
    res
      .status(201)
      .json(state.tokens.issue({ shop: shop.spec.domain, clientId: app.clientId, scope: body.scope }, shop.now(), body.expiring));
  });

  router.post('/_emulator/shopify/shops/:shop/uninstall', (req, res) => {
    const shop = adminShop(state, req);
    const body = adminBody<{ client_id: string }>(Joi.object({ client_id: Joi.string().required() }), req.body);
    state.apps.get(body.client_id)?.installs.delete(shop.spec.domain);
    state.tokens.revoke(shop.spec.domain, body.client_id);
    res.json({ uninstalled: true });
  });

  router.post('/_emulator/shopify/shops/:shop/webhooks', (req, res) => {
    const shop = adminShop(state, req);
    const body = adminBody<{ client_id: string; topic: string; address: string }>(
      Joi.object({
        client_id: Joi.string().required(),
        topic: Joi.string()
          .pattern(/^[a-z_]+\/[a-z_]+$/)
          .required(),
        address: Joi.string()
          .uri({ scheme: ['http', 'https'] })
          .required(),
      }),
      req.body,
    );
    if (!state.apps.has(body.client_id)) throw new ShopifyHttpError(404, { error: 'no such app' });
    state.webhooks.subscriptions.push({ shop: shop.spec.domain, clientId: body.client_id, topic: body.topic, address: body.address });
    res.status(201).json({ shop: shop.spec.domain, topic: body.topic, address: body.address });
  });

  router.get('/_emulator/shopify/webhook-deliveries', (_req, res) => {
    res.json({ data: state.webhooks.delivery.log() });
  });

  router.get('/_emulator/shopify/bulk-results/:file', (req, res) => {
    const match = /^([0-9a-f]{32})(-partial)?\.jsonl$/.exec(String(req.params.file));
    for (const shop of match ? state.shops.values() : []) {
      const op = shop.bulkOperations.find((o) => o.fileKey === match![1]);
      if (!op) continue;
      expireBulkOperation(shop, op);
      const file = match![2] ? op.partialJsonl : op.jsonl;
      // An expired signed URL is refused by the storage behind it.
      if (file === null) throw new ShopifyHttpError(403, { error: 'the URL has expired' });
      return res.type('application/jsonl').send(file);
    }
    throw new ShopifyHttpError(404, { error: 'no such file' });
  });
  return router;
}
