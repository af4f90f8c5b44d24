import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { endpointListSchema, toEndpointJson, endpointListExample } from '@datasync/webhooks';
import type { WebhookEndpointRouteDeps } from './routeDeps';

/** The dashboard's Webhooks page; the same service and JSON as the Accounts API's (docs/webhook-endpoints.md). */
export function listWebhookEndpoints(deps: WebhookEndpointRouteDeps) {
  return defineRoute({
    method: 'get',
    path: '/webhook_endpoints',
    summary: "List the environment's webhook endpoints",
    description: 'A disabled endpoint says why in `disabled_reason`. Secrets are never listed.',
    tags: ['webhook endpoints'],
    auth: deps.auth,
    responses: { 200: endpointListSchema },
    examples: { responses: { 200: endpointListExample } },
    handler: async (_input, _req, res) => ({ data: (await deps.webhookEndpoints.list(callerOf(res).environmentId)).map(toEndpointJson) }),
  });
}
