import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toSyncOverviewJson } from '../../syncs/syncs.mapper';
import { syncName, syncOverviewSchema } from '../../syncs/syncs.schemas';
import type { SyncRouteDeps } from './routeDeps';

export function getSync(deps: SyncRouteDeps) {
  return defineRoute<{ name: string }>({
    method: 'get',
    path: '/syncs/{name}',
    summary: "The sync's overview: source, destination, mounted collections, accounts and loading activity",
    tags: ['syncs'],
    auth: deps.auth,
    params: Joi.object({ name: syncName.required() }),
    responses: { 200: syncOverviewSchema, 404: { description: 'No sync of that name in this environment' } },
    handler: async ({ params }, _req, res) => toSyncOverviewJson(await deps.syncs.overview(callerOf(res), params.name)),
  });
}
