import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toCollectionJson } from '../../collections/collections.mapper';
import { collectionSchema, resourceType } from '../../collections/collections.schemas';
import { syncName } from '../../syncs/syncs.schemas';
import type { CollectionRouteDeps } from './routeDeps';

export function postCollection(deps: CollectionRouteDeps) {
  return defineRoute<{ name: string }, Record<string, never>, { resource_type: string }>({
    method: 'post',
    path: '/syncs/{name}/collections',
    summary: 'Mount a collection: creates the table <provider>_<resource> in the destination, then records it',
    description:
      'The table is created synchronously (idempotent DDL: an existing table is kept and completed with missing columns). ' +
      'If the destination refuses, the answer is a 400 with the destination’s message and nothing is recorded. Mounting an ' +
      'unmounted collection again mounts it again; mounting a mounted one is a 400 `resource_already_exists`. ' +
      'A table has one owner, a sync, recorded in the destination at its first mount: a table another sync owns (of this ' +
      'or another environment) is a 409 `table_owned` whose message names that sync and environment (names and ids); ' +
      'a table made before owners were recorded is adopted. The claim ends when the owning sync is deleted.',
    tags: ['collections'],
    auth: deps.auth,
    params: Joi.object({ name: syncName.required() }),
    body: Joi.object({ resource_type: resourceType.required() }),
    responses: {
      201: collectionSchema,
      404: { description: 'No sync of that name in this environment' },
      409: { description: '`table_owned`: the table belongs to another sync (of this or another environment), named in the message' },
    },
    handler: async ({ params, body }, _req, res) =>
      toCollectionJson(await deps.collections.mount(callerOf(res), params.name, body.resource_type)),
  });
}
