import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { errorResponse } from '../../accounts/accounts.schemas';
import { endpointParams, endpointSchema, toEndpointJson, endpointExample } from '@datasync/webhooks';
import type { WebhookEndpointRouteDeps } from './routeDeps';

export function getWebhookEndpoint(deps: WebhookEndpointRouteDeps) {
  return defineRoute<{ id: string }>({
    method: 'get',
    path: '/webhook_endpoints/{id}',
    summary: 'Retrieve a webhook endpoint',
    tags: ['webhook endpoints'],
    auth: deps.auth.client,
    params: endpointParams,
    responses: { 200: endpointSchema, 404: errorResponse('No such webhook endpoint in this environment') },
    examples: { responses: { 200: endpointExample } },
    handler: async ({ params }, _req, res) => toEndpointJson(await deps.webhookEndpoints.get(callerOf(res).environmentId, params.id)),
  });
}
