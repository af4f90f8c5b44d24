import type { WebhookEndpointsService } from '@datasync/webhooks';
import type { ApiAuth } from '../../edge/apiAuth';
import type { IdempotencyStore } from '../../edge/idempotencyStore';

export interface WebhookEndpointRouteDeps {
  webhookEndpoints: WebhookEndpointsService;
  auth: ApiAuth;
  idempotency: IdempotencyStore;
}
