import type { AnyRouteSpec } from '@datasync/openapi';
import { deleteCollection } from './deleteCollection';
import { getCollection } from './getCollection';
import { listCollections } from './listCollections';
import { postCollection } from './postCollection';
import type { CollectionRouteDeps } from './routeDeps';

export type { CollectionRouteDeps };

export function collectionRoutes(deps: CollectionRouteDeps): AnyRouteSpec[] {
  return [postCollection(deps), listCollections(deps), getCollection(deps), deleteCollection(deps)];
}
