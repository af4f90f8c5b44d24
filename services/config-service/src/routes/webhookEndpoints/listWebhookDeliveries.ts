import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { deliveryListQuery, deliveryListSchema, endpointParams, toDeliveryJson, deliveryListExample } from '@datasync/webhooks';
import type { WebhookEndpointRouteDeps } from './routeDeps';

export function listWebhookDeliveries(deps: WebhookEndpointRouteDeps) {
  return defineRoute<{ id: string }, { limit: number }>({
    method: 'get',
    path: '/webhook_endpoints/{id}/deliveries',
    summary: "An endpoint's delivery log, newest event first",
    tags: ['webhook endpoints'],
    auth: deps.auth,
    params: endpointParams,
    query: deliveryListQuery,
    responses: { 200: deliveryListSchema, 404: { description: 'No such webhook endpoint in this environment' } },
    examples: { responses: { 200: deliveryListExample } },
    handler: async ({ params, query }, _req, res) => ({
      data: (await deps.webhookEndpoints.deliveries(callerOf(res).environmentId, params.id, query.limit)).map(toDeliveryJson),
    }),
  });
}
