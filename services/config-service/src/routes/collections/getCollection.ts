import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toCollectionJson } from '../../collections/collections.mapper';
import { collectionSchema } from '../../collections/collections.schemas';
import { syncName } from '../../syncs/syncs.schemas';
import type { CollectionRouteDeps } from './routeDeps';

export function getCollection(deps: CollectionRouteDeps) {
  return defineRoute<{ name: string; resource_type: string }>({
    method: 'get',
    path: '/syncs/{name}/collections/{resource_type}',
    summary: 'One collection: its table and columns in the destination',
    tags: ['collections'],
    auth: deps.auth,
    params: Joi.object({ name: syncName.required(), resource_type: Joi.string().max(63).required() }),
    responses: { 200: collectionSchema, 404: { description: 'No such sync, or the sync never mounted this resource' } },
    handler: async ({ params }, _req, res) =>
      toCollectionJson(await deps.collections.get(callerOf(res), params.name, params.resource_type)),
  });
}
