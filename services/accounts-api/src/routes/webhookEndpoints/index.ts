import type { AnyRouteSpec } from '@datasync/openapi';
import { deleteWebhookEndpoint } from './deleteWebhookEndpoint';
import { getWebhookEndpoint } from './getWebhookEndpoint';
import { listWebhookDeliveries } from './listWebhookDeliveries';
import { listWebhookEndpoints } from './listWebhookEndpoints';
import { postWebhookDeliveryRetry } from './postWebhookDeliveryRetry';
import { postWebhookEndpoint } from './postWebhookEndpoint';
import { postWebhookEndpointUpdate } from './postWebhookEndpointUpdate';
import type { WebhookEndpointRouteDeps } from './routeDeps';

export type { WebhookEndpointRouteDeps } from './routeDeps';

export function webhookEndpointRoutes(deps: WebhookEndpointRouteDeps): AnyRouteSpec[] {
  return [
    listWebhookEndpoints(deps),
    postWebhookEndpoint(deps),
    postWebhookEndpointUpdate(deps),
    getWebhookEndpoint(deps),
    deleteWebhookEndpoint(deps),
    listWebhookDeliveries(deps),
    postWebhookDeliveryRetry(deps),
  ];
}
