import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toSyncJson } from '../../syncs/syncs.mapper';
import { syncName, syncSchema } from '../../syncs/syncs.schemas';
import type { SyncRouteDeps } from './routeDeps';

export function deleteSync(deps: SyncRouteDeps) {
  return defineRoute<{ name: string }>({
    method: 'delete',
    path: '/syncs/{name}',
    summary: 'Delete a sync together with its collections; the tables and rows in the destination stay',
    description:
      'As deleting a connection in Airbyte or Fivetran: loading through the sync stops, nothing is removed from the destination, ' +
      'and the source and destination remain. `unmounted` lists the collections that were mounted.',
    tags: ['syncs'],
    auth: deps.auth,
    params: Joi.object({ name: syncName.required() }),
    responses: {
      200: Joi.object({
        deleted: Joi.boolean().valid(true).required(),
        sync: syncSchema.required(),
        unmounted: Joi.array().items(Joi.string()).required(),
      }),
      404: { description: 'No sync of that name in this environment' },
    },
    handler: async ({ params }, _req, res) => {
      const { sync, unmounted } = await deps.syncs.delete(callerOf(res), params.name);
      return { deleted: true, sync: toSyncJson(sync), unmounted };
    },
  });
}
