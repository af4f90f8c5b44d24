import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toCollectionSummaryJson } from '../../collections/collections.mapper';
import { collectionListSchema } from '../../collections/collections.schemas';
import { syncName } from '../../syncs/syncs.schemas';
import type { CollectionRouteDeps } from './routeDeps';

export function listCollections(deps: CollectionRouteDeps) {
  return defineRoute<{ name: string }>({
    method: 'get',
    path: '/syncs/{name}/collections',
    summary: "The sync's collections, mounted ones first, then unmounted ones",
    tags: ['collections'],
    auth: deps.auth,
    params: Joi.object({ name: syncName.required() }),
    responses: { 200: collectionListSchema, 404: { description: 'No sync of that name in this environment' } },
    handler: async ({ params }, _req, res) => {
      const { collections } = await deps.collections.list(callerOf(res), params.name);
      return { data: collections.map(toCollectionSummaryJson) };
    },
  });
}
