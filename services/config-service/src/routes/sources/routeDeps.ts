import type { RouteAuth } from '@datasync/openapi';
import type { SourceWebhooksService } from '../../sources/sourceWebhooks.service';
import type { SourcesService } from '../../sources/sources.service';

export interface SourceRouteDeps {
  auth: RouteAuth;
  sources: SourcesService;
  webhooks: SourceWebhooksService;
}
