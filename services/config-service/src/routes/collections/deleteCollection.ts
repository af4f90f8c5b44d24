import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toCollectionJson } from '../../collections/collections.mapper';
import { collectionSchema } from '../../collections/collections.schemas';
import { syncName } from '../../syncs/syncs.schemas';
import type { CollectionRouteDeps } from './routeDeps';

export function deleteCollection(deps: CollectionRouteDeps) {
  return defineRoute<{ name: string; resource_type: string }>({
    method: 'delete',
    path: '/syncs/{name}/collections/{resource_type}',
    summary: 'Unmount a collection: loading into its table stops; the table and its rows stay',
    tags: ['collections'],
    auth: deps.auth,
    params: Joi.object({ name: syncName.required(), resource_type: Joi.string().max(63).required() }),
    description:
      'Answers once no write of the loader can land in the table any more: a write begun before is waited for, and one still ' +
      'running past the bound answers 503 `writes_in_flight` (the collection stays unmounted; repeat the call to wait again).',
    responses: {
      200: collectionSchema,
      404: { description: 'No such sync, or the collection is not mounted' },
      503: {
        description: 'Unmounted, but a write begun before is still being committed (`writes_in_flight`); repeat the call to wait for it',
      },
    },
    handler: async ({ params }, _req, res) =>
      toCollectionJson(await deps.collections.unmount(callerOf(res), params.name, params.resource_type)),
  });
}
