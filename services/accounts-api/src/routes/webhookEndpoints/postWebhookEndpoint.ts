import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { errorResponse } from '../../accounts/accounts.schemas';
import { idempotent } from '../../edge/idempotent';
import {
  createEndpointBody,
  createdEndpointSchema,
  toEndpointJson,
  createEndpointExample,
  createdEndpointExample,
} from '@datasync/webhooks';
import type { WebhookEndpointRouteDeps } from './routeDeps';

interface Body {
  url: string;
  enabled_events: string[];
}

export function postWebhookEndpoint(deps: WebhookEndpointRouteDeps) {
  return idempotent(
    deps.idempotency,
    defineRoute<Record<string, never>, Record<string, never>, Body>({
      method: 'post',
      path: '/webhook_endpoints',
      summary: 'Create a webhook endpoint',
      description:
        "Events of the environment's accounts are POSTed to `url`, signed with the returned `secret` (header " +
        '`Datasync-Signature: t=…,v1=…`, see docs/webhook-endpoints.md). The secret is in this answer only. Refusals are 400s ' +
        'whose `code` says why: `parameter_invalid`, `url_invalid`, `url_https_required` (production environments), ' +
        '`url_not_allowed` (a host that is not on the public internet), `url_unresolvable`, `too_many_endpoints` (16 per environment).',
      tags: ['webhook endpoints'],
      auth: deps.auth.client,
      body: createEndpointBody,
      responses: { 200: createdEndpointSchema, 400: errorResponse('Invalid URL or event types; nothing was stored') },
      examples: { body: createEndpointExample, responses: { 200: createdEndpointExample } },
      handler: async ({ body }, _req, res) => {
        const created = await deps.webhookEndpoints.create(callerOf(res).environmentId, {
          url: body.url,
          enabledEvents: body.enabled_events,
        });
        return { ...toEndpointJson(created.endpoint), secret: created.secret };
      },
    }),
  );
}
