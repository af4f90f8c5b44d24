import type { AnyRouteSpec } from '@datasync/openapi';
import { deleteWebhookEndpoint } from './deleteWebhookEndpoint';
import { listWebhookDeliveries } from './listWebhookDeliveries';
import { listWebhookEndpoints } from './listWebhookEndpoints';
import { postWebhookDeliveryRetry } from './postWebhookDeliveryRetry';
import { postWebhookEndpoint } from './postWebhookEndpoint';
import { postWebhookEndpointUpdate } from './postWebhookEndpointUpdate';
import type { WebhookEndpointRouteDeps } from './routeDeps';

/** The dashboard's Webhooks page's calls, mounted under /api/v1. */
export function webhookEndpointRoutes(deps: WebhookEndpointRouteDeps): AnyRouteSpec[] {
  return [
    listWebhookEndpoints(deps),
    postWebhookEndpoint(deps),
    postWebhookEndpointUpdate(deps),
    deleteWebhookEndpoint(deps),
    listWebhookDeliveries(deps),
    postWebhookDeliveryRetry(deps),
  ];
}
