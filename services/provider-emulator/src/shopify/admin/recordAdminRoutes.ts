import express, { type Router } from 'express';
import { Joi } from '@datasync/config';
import { gid } from '../graphql/gid';
import { dateTime } from '../graphql/money';
import { ShopifyHttpError } from '../http/shopifyHttpError';
import { RESOURCE_KINDS, type ResourceKind } from '../shop/records';
import type { Shop } from '../shop/shop';
import type { ShopifyState } from '../shop/shopifyState';
import { adminBody, adminShop } from './adminInput';

const GID_TYPE: Record<ResourceKind, string> = { orders: 'Order', customers: 'Customer', products: 'Product' };
/** Shopify's topics: orders say `updated`, products and customers `update`. */
const UPDATE_TOPIC: Record<ResourceKind, string> = { orders: 'orders/updated', customers: 'customers/update', products: 'products/update' };

function target(state: ShopifyState, req: express.Request): { shop: Shop; kind: ResourceKind; id: number } {
  const shop = adminShop(state, req);
  const kind = String(req.params.kind) as ResourceKind;
  if (!RESOURCE_KINDS.includes(kind)) throw new ShopifyHttpError(400, { error: `kind must be one of ${RESOURCE_KINDS.join(', ')}` });
  const id = Number(req.params.id);
  if (!shop.store(kind).has(id)) throw new ShopifyHttpError(404, { error: `no ${kind} ${String(req.params.id)}` });
  return { shop, kind, id };
}

/** The webhook payload of a change: REST-like, as Shopify's webhooks are, with the GID. */
function payload(kind: ResourceKind, id: number, updatedAt: number): Record<string, unknown> {
  return { id, admin_graphql_api_id: gid(GID_TYPE[kind], id), updated_at: dateTime(updatedAt) };
}

/**
 * Changing a shop's records: `POST …/:kind/:id/touch` moves `updatedAt` to now (with a title,
 * email or note when given), `DELETE …/:kind/:id` deletes (a product leaves a deletion event;
 * orders and customers leave none, as on Shopify). Both send the topic's webhook.
 */
export function recordAdminRoutes(state: ShopifyState): Router {
  const router = express.Router();
  router.post('/_emulator/shopify/shops/:shop/:kind/:id/touch', (req, res) => {
    const { shop, kind, id } = target(state, req);
    const body = adminBody<{ title?: string; email?: string }>(
      Joi.object({ title: Joi.string().max(255), email: Joi.string().email() }),
      req.body,
    );
    const now = shop.now();
    const record = shop.store(kind).get(id)!;
    record.updatedAt = now;
    if (body.title && kind === 'products') (record as { title: string }).title = body.title;
    if (body.email && kind !== 'products') (record as { email: string }).email = body.email;
    shop.onChange({ topic: UPDATE_TOPIC[kind], kind, id, payload: payload(kind, id, now) });
    res.json({ id: gid(GID_TYPE[kind], id), updated_at: dateTime(now) });
  });

  router.delete('/_emulator/shopify/shops/:shop/:kind/:id', (req, res) => {
    const { shop, kind, id } = target(state, req);
    const now = shop.now();
    shop.store(kind).delete(id);
    if (kind === 'products') shop.deletionEvents.push({ subjectId: id, subjectType: 'PRODUCT', occurredAt: now });
    shop.onChange({ topic: `${kind}/delete`, kind, id, payload: { id } });
    res.json({ id: gid(GID_TYPE[kind], id), deleted: true });
  });
  return router;
}
