import type { RouteDefinition } from '@datasync/http';
import { requestContext } from '../../../http/requestContext';
import type { EmulatorState } from '../../../state/emulatorState';
import { webhookEndpointJson } from '../../../webhooks/webhookEndpointJson';

/** `GET /v1/webhook_endpoints`: the account's endpoints, newest first, secrets left out; one page (accounts have few). */
export function listWebhookEndpointsRoute(state: EmulatorState): RouteDefinition {
  return {
    method: 'get',
    path: '/v1/webhook_endpoints',
    handlers: [
      (_req, res) => {
        const endpoints = state.webhookEndpoints.ownedBy(requestContext(res).account.id).reverse();
        res.json({
          object: 'list',
          url: '/v1/webhook_endpoints',
          has_more: false,
          data: endpoints.map((endpoint) => webhookEndpointJson(endpoint, null)),
        });
      },
    ],
  };
}
