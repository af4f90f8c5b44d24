import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import {
  createEndpointBody,
  createdEndpointSchema,
  toEndpointJson,
  createEndpointExample,
  createdEndpointExample,
} from '@datasync/webhooks';
import type { WebhookEndpointRouteDeps } from './routeDeps';

export function postWebhookEndpoint(deps: WebhookEndpointRouteDeps) {
  return defineRoute<Record<string, never>, Record<string, never>, { url: string; enabled_events: string[] }>({
    method: 'post',
    path: '/webhook_endpoints',
    summary: 'Create a webhook endpoint; its signing secret is shown only in this response',
    description:
      '400 codes: `parameter_invalid`, `url_invalid`, `url_https_required` (production), `url_not_allowed` (not on the public ' +
      'internet), `url_unresolvable`, `too_many_endpoints`.',
    tags: ['webhook endpoints'],
    auth: deps.auth,
    body: createEndpointBody,
    responses: { 200: createdEndpointSchema },
    examples: { body: createEndpointExample, responses: { 200: createdEndpointExample } },
    handler: async ({ body }, _req, res) => {
      const created = await deps.webhookEndpoints.create(callerOf(res).environmentId, {
        url: body.url,
        enabledEvents: body.enabled_events,
      });
      return { ...toEndpointJson(created.endpoint), secret: created.secret };
    },
  });
}
