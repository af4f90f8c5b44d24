import type { RouteAuth } from '@datasync/openapi';
import type { SyncsService } from '../../syncs/syncs.service';

export interface SyncRouteDeps {
  auth: RouteAuth;
  syncs: SyncsService;
}
