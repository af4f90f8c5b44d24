import express, { type Router } from 'express';
import type { InboundWebhooks } from './inboundWebhooks.service';

/**
 * `POST /webhooks/{provider}/{source_id}` (Stripe's: `/webhooks/stripe/{source_id}`): public,
 * without Basic auth (the signature, checked by the provider's module, is the authentication). The body is read as raw bytes, up to its own limit, because the signature
 * covers the exact bytes; the app's JSON parser leaves /webhooks alone (app.ts).
 */
export interface WebhookDeps {
  webhooks: InboundWebhooks;
  bodyLimit: string;
}

export function webhookRouter(deps: WebhookDeps): Router {
  const router = express.Router();
  router.post('/webhooks/:provider/:sourceId', express.raw({ type: () => true, limit: deps.bodyLimit }), (req, res, next) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    deps.webhooks
      .receive(String(req.params.provider), String(req.params.sourceId), body, (name) => req.get(name))
      .then((outcome) => res.json({ received: true, ...(outcome.kind === 'replay' ? { replay: true } : {}) }))
      .catch(next);
  });
  return router;
}
