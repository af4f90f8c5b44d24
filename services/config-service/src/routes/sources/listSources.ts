import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toSourceJson } from '../../sources/sources.mapper';
import { sourceListSchema } from '../../sources/sources.schemas';
import type { SourceRouteDeps } from './routeDeps';

export function listSources(deps: SourceRouteDeps) {
  return defineRoute({
    method: 'get',
    path: '/sources',
    summary: "The environment's sources, oldest first",
    tags: ['sources'],
    auth: deps.auth,
    responses: { 200: sourceListSchema },
    handler: async (_input, _req, res) => ({ data: (await deps.sources.list(callerOf(res))).map(toSourceJson) }),
  });
}
