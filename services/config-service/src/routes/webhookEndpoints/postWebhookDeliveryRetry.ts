import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { deliveryParams, deliverySchema, toDeliveryJson, deliveryExample } from '@datasync/webhooks';
import type { WebhookEndpointRouteDeps } from './routeDeps';

export function postWebhookDeliveryRetry(deps: WebhookEndpointRouteDeps) {
  return defineRoute<{ id: string; delivery_id: string }>({
    method: 'post',
    path: '/webhook_endpoints/{id}/deliveries/{delivery_id}/retry',
    summary: 'Send a delivery again (a success enables a disabled endpoint again)',
    tags: ['webhook endpoints'],
    auth: deps.auth,
    params: deliveryParams,
    responses: { 200: deliverySchema, 404: { description: 'No such webhook endpoint or delivery' } },
    examples: { responses: { 200: deliveryExample } },
    handler: async ({ params }, _req, res) =>
      toDeliveryJson(await deps.webhookEndpoints.resend(callerOf(res).environmentId, params.id, params.delivery_id)),
  });
}
