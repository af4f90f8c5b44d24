import type { WebhookEndpoint } from './webhookEndpoints';

/** Stripe's `webhook_endpoint` object; `secret` only in the create answer, as Stripe shows it once. */
export function webhookEndpointJson(endpoint: WebhookEndpoint, apiVersion: string | null, withSecret = false) {
  return {
    id: endpoint.id,
    object: 'webhook_endpoint',
    api_version: apiVersion,
    application: null,
    created: endpoint.created,
    description: endpoint.description,
    enabled_events: endpoint.enabledEvents,
    livemode: false,
    metadata: {},
    ...(withSecret ? { secret: endpoint.secret } : {}),
    status: 'enabled',
    url: endpoint.url,
  };
}
