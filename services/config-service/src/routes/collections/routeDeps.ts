import type { RouteAuth } from '@datasync/openapi';
import type { CollectionsService } from '../../collections/collections.service';

export interface CollectionRouteDeps {
  auth: RouteAuth;
  collections: CollectionsService;
}
