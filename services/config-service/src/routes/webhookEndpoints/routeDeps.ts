import type { RouteAuth } from '@datasync/openapi';
import type { WebhookEndpointsService } from '@datasync/webhooks';

export interface WebhookEndpointRouteDeps {
  /** libs/auth's `authenticate`: a dashboard session or the environment's admin Basic auth. */
  auth: RouteAuth;
  webhookEndpoints: WebhookEndpointsService;
}
