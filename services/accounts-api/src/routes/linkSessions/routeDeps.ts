import type { ApiAuth } from '../../edge/apiAuth';
import type { IdempotencyStore } from '../../edge/idempotencyStore';
import type { LinkSessionsService } from '../../link/linkSessions.service';

export interface LinkSessionRouteDeps {
  linkSessions: LinkSessionsService;
  auth: ApiAuth;
  idempotency: IdempotencyStore;
  /** http return URLs on localhost (development and tests). */
  allowHttpLocalhost: boolean;
}
