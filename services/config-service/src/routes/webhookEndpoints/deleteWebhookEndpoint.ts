import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { endpointParams, deletedEndpointExample } from '@datasync/webhooks';
import type { WebhookEndpointRouteDeps } from './routeDeps';

export function deleteWebhookEndpoint(deps: WebhookEndpointRouteDeps) {
  return defineRoute<{ id: string }>({
    method: 'delete',
    path: '/webhook_endpoints/{id}',
    summary: 'Delete a webhook endpoint and its delivery log',
    tags: ['webhook endpoints'],
    auth: deps.auth,
    params: endpointParams,
    responses: {
      200: Joi.object({
        id: Joi.string().required(),
        object: Joi.string().valid('webhook_endpoint').required(),
        deleted: Joi.boolean().valid(true).required(),
      }),
      404: { description: 'No such webhook endpoint in this environment' },
    },
    examples: { responses: { 200: deletedEndpointExample } },
    handler: async ({ params }, _req, res) => {
      const endpoint = await deps.webhookEndpoints.delete(callerOf(res).environmentId, params.id);
      return { id: endpoint.id, object: 'webhook_endpoint', deleted: true };
    },
  });
}
