import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { errorResponse } from '../../accounts/accounts.schemas';
import { deliveryParams, deliverySchema, toDeliveryJson, deliveryExample } from '@datasync/webhooks';
import type { WebhookEndpointRouteDeps } from './routeDeps';

export function postWebhookDeliveryRetry(deps: WebhookEndpointRouteDeps) {
  return defineRoute<{ id: string; delivery_id: string }>({
    method: 'post',
    path: '/webhook_endpoints/{id}/deliveries/{delivery_id}/retry',
    summary: 'Send a delivery again',
    description:
      'The event is sent again within seconds, whatever the delivery’s status (the answer shows it pending). On a disabled ' +
      'endpoint this is how to test it: a success enables the endpoint again.',
    tags: ['webhook endpoints'],
    auth: deps.auth.client,
    params: deliveryParams,
    responses: { 200: deliverySchema, 404: errorResponse('No such webhook endpoint or delivery') },
    examples: { responses: { 200: deliveryExample } },
    handler: async ({ params }, _req, res) =>
      toDeliveryJson(await deps.webhookEndpoints.resend(callerOf(res).environmentId, params.id, params.delivery_id)),
  });
}
