import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { errorResponse } from '../../accounts/accounts.schemas';
import { idempotent } from '../../edge/idempotent';
import { toLinkSessionJson } from '../../link/linkSessions.mapper';
import { linkSessionParams, linkSessionSchema } from '../../link/linkSessions.schemas';
import type { LinkSessionRouteDeps } from './routeDeps';
import { revokedLinkSessionExample } from '../../link/linkSessions.examples';

export function postLinkSessionRevoke(deps: LinkSessionRouteDeps) {
  return idempotent(
    deps.idempotency,
    defineRoute<{ id: string }>({
      method: 'post',
      path: '/link_sessions/{id}/revoke',
      summary: 'Revoke a link session',
      description:
        'The URL stops working at once: the page says the link was cancelled. Revoking twice is fine; a completed session ' +
        '(its account is connected) cannot be revoked (400 `link_session_completed`): delete the account instead.',
      tags: ['link_sessions'],
      auth: deps.auth.client,
      params: linkSessionParams,
      responses: { 200: linkSessionSchema, 404: errorResponse('No such link session in this environment') },
      examples: { responses: { 200: revokedLinkSessionExample } },
      handler: async ({ params }, _req, res) => toLinkSessionJson(await deps.linkSessions.revoke(callerOf(res), params.id)),
    }),
  );
}
