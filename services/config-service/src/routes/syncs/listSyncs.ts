import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toSyncJson } from '../../syncs/syncs.mapper';
import { syncListSchema } from '../../syncs/syncs.schemas';
import type { SyncRouteDeps } from './routeDeps';

export function listSyncs(deps: SyncRouteDeps) {
  return defineRoute({
    method: 'get',
    path: '/syncs',
    summary: "The environment's syncs, oldest first",
    tags: ['syncs'],
    auth: deps.auth,
    responses: { 200: syncListSchema },
    handler: async (_input, _req, res) => ({ data: (await deps.syncs.list(callerOf(res))).map(toSyncJson) }),
  });
}
