import { randomBytes } from 'node:crypto';
import express, { type Router } from 'express';
import { Joi } from '@datasync/config';
import { faultPatchSchema, latencyRange, type FaultOverrides } from '../../kit';
import { releaseBulkOperations } from '../bulk/bulkOperations';
import { fillShop } from '../generator/fillShop';
import { ShopifyHttpError } from '../http/shopifyHttpError';
import { Shop } from '../shop/shop';
import { SHOP_PLANS, type ShopPlanName } from '../shop/shopPlan';
import type { ShopifyState } from '../shop/shopifyState';
import { adminBody, adminShop } from './adminInput';

const createSchema = Joi.object({
  name: Joi.string()
    .pattern(/^[a-z0-9][a-z0-9-]{0,40}$/)
    .required(),
  plan: Joi.string()
    .valid(...Object.keys(SHOP_PLANS))
    .default('basic'),
  currency: Joi.string()
    .pattern(/^[A-Z]{3}$/)
    .default('USD'),
  timezone: Joi.string().default('America/New_York'),
  customers: Joi.number().integer().min(0).max(100_000).default(0),
  products: Joi.number().integer().min(0).max(100_000).default(0),
  orders: Joi.number().integer().min(0).max(100_000).default(0),
  history_days: Joi.number().integer().min(1).max(3_650).default(90),
});

const settingsSchema = Joi.object({
  throttled_status: Joi.number().valid(200, 429),
  drain_bucket: Joi.string().min(1),
  bulk_held: Joi.boolean(),
  bulk_fail_next: Joi.string().valid('INTERNAL_SERVER_ERROR', 'TIMEOUT').allow(null),
  faults: faultPatchSchema,
});

export function shopView(shop: Shop): Record<string, unknown> {
  return {
    domain: shop.spec.domain,
    name: shop.spec.name,
    plan: shop.spec.plan,
    currency: shop.spec.currency,
    admin_token: shop.spec.adminToken,
    counts: {
      orders: shop.orders.size,
      customers: shop.customers.size,
      products: shop.products.size,
      deletion_events: shop.deletionEvents.length,
    },
    now: shop.now(),
    frozen: shop.clock.frozen,
    throttled_status: shop.throttledStatus,
    bulk: { held: shop.bulk.held, fail_next: shop.bulk.failNext },
    faults: shop.faults,
    hold: { held: shop.hold.held, waiting: shop.hold.waiting },
  };
}

/**
 * `/_emulator/shopify/shops`: create a shop (filled by the generator), read it, move its clock,
 * change its settings (throttle status, bucket, bulk hold and failures, faults) and hold its requests.
 */
export function shopAdminRoutes(state: ShopifyState): Router {
  const router = express.Router();
  router.post('/_emulator/shopify/shops', (req, res) => {
    const body = adminBody<{
      name: string;
      plan: ShopPlanName;
      currency: string;
      timezone: string;
      customers: number;
      products: number;
      orders: number;
      history_days: number;
    }>(createSchema, req.body);
    const domain = `${body.name}.myshopify.com`;
    if (state.shops.has(domain)) throw new ShopifyHttpError(409, { error: `shop ${domain} exists` });
    const shop = new Shop({
      domain,
      name: body.name,
      plan: body.plan,
      currency: body.currency,
      timezone: body.timezone,
      adminToken: `shpat_${randomBytes(16).toString('hex')}`,
      createdAt: Date.now() - body.history_days * 86_400_000,
    });
    fillShop(shop, body, body.history_days);
    state.addShop(shop);
    res.status(201).json(shopView(shop));
  });

  router.get('/_emulator/shopify/shops/:shop', (req, res) => {
    res.json(shopView(adminShop(state, req)));
  });

  router.post('/_emulator/shopify/shops/:shop/clock', (req, res) => {
    const shop = adminShop(state, req);
    const body = adminBody<{ advance_seconds?: number; frozen?: boolean }>(
      Joi.object({
        advance_seconds: Joi.number()
          .min(0)
          .max(10 * 365 * 86_400),
        frozen: Joi.boolean(),
      }),
      req.body,
    );
    if (body.frozen !== undefined) shop.clock.freeze(body.frozen);
    if (body.advance_seconds) shop.clock.advance(body.advance_seconds * 1000);
    res.json(shopView(shop));
  });

  router.post('/_emulator/shopify/shops/:shop/settings', (req, res) => {
    const shop = adminShop(state, req);
    const body = adminBody<{
      throttled_status?: 200 | 429;
      drain_bucket?: string;
      bulk_held?: boolean;
      bulk_fail_next?: Shop['bulk']['failNext'];
      faults?: FaultOverrides;
    }>(settingsSchema, req.body);
    if (body.throttled_status) shop.throttledStatus = body.throttled_status;
    if (body.drain_bucket) shop.bucket(body.drain_bucket).drain();
    if (body.bulk_fail_next !== undefined) shop.bulk.failNext = body.bulk_fail_next;
    if (body.bulk_held !== undefined) {
      shop.bulk.held = body.bulk_held;
      if (!body.bulk_held) releaseBulkOperations(shop);
    }
    if (body.faults) {
      const { latency_ms, ...rest } = body.faults;
      shop.faults = {
        ...shop.faults,
        ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null && v !== undefined)),
        ...(latency_ms ? { latency_ms: latencyRange(latency_ms as Parameters<typeof latencyRange>[0]) } : {}),
      };
    }
    res.json(shopView(shop));
  });

  router.post('/_emulator/shopify/shops/:shop/hold', (req, res) => {
    const shop = adminShop(state, req);
    if (adminBody<{ held: boolean }>(Joi.object({ held: Joi.boolean().required() }), req.body).held) shop.hold.hold();
    else shop.hold.free();
    res.json({ held: shop.hold.held, waiting: shop.hold.waiting });
  });
  return router;
}
