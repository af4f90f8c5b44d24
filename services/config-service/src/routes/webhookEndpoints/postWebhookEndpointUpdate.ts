import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import {
  endpointParams,
  endpointSchema,
  toEndpointJson,
  updateEndpointBody,
  endpointExample,
  updateEndpointExample,
} from '@datasync/webhooks';
import type { WebhookEndpointRouteDeps } from './routeDeps';

interface Body {
  url?: string;
  enabled_events?: string[];
  disabled?: boolean;
}

export function postWebhookEndpointUpdate(deps: WebhookEndpointRouteDeps) {
  return defineRoute<{ id: string }, Record<string, never>, Body>({
    method: 'post',
    path: '/webhook_endpoints/{id}',
    summary: 'Update a webhook endpoint',
    description:
      'Changes its URL (refused as at creation), its event types, or `disabled`: `false` enables an endpoint disabled for ' +
      'failing (its failing streak starts over); `true` stops deliveries, pending ones included. The secret stays.',
    tags: ['webhook endpoints'],
    auth: deps.auth,
    params: endpointParams,
    body: updateEndpointBody,
    responses: { 200: endpointSchema, 404: { description: 'No such webhook endpoint in this environment' } },
    examples: { body: updateEndpointExample, responses: { 200: { ...endpointExample, enabled_events: ['*'] } } },
    handler: async ({ params, body }, _req, res) =>
      toEndpointJson(
        await deps.webhookEndpoints.update(callerOf(res).environmentId, params.id, {
          url: body.url,
          enabledEvents: body.enabled_events,
          disabled: body.disabled,
        }),
      ),
  });
}
