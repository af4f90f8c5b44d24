import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { errorResponse } from '../../accounts/accounts.schemas';
import { toLinkSessionJson } from '../../link/linkSessions.mapper';
import { linkSessionParams, linkSessionSchema } from '../../link/linkSessions.schemas';
import type { LinkSessionRouteDeps } from './routeDeps';
import { completedLinkSessionExample } from '../../link/linkSessions.examples';

export function getLinkSession(deps: LinkSessionRouteDeps) {
  return defineRoute<{ id: string }>({
    method: 'get',
    path: '/link_sessions/{id}',
    summary: 'Read a link session: its status and the account it connected',
    tags: ['link_sessions'],
    auth: deps.auth.client,
    params: linkSessionParams,
    responses: { 200: linkSessionSchema, 404: errorResponse('No such link session in this environment') },
    examples: { responses: { 200: completedLinkSessionExample } },
    handler: async ({ params }, _req, res) => toLinkSessionJson(await deps.linkSessions.get(callerOf(res), params.id)),
  });
}
