import type { Request } from 'express';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { errorResponse } from '../../accounts/accounts.schemas';
import { idempotent } from '../../edge/idempotent';
import { toCreatedLinkSessionJson } from '../../link/linkSessions.mapper';
import { createLinkSessionBody, createdLinkSessionSchema, type CreateLinkSessionBody } from '../../link/linkSessions.schemas';
import type { LinkSessionRouteDeps } from './routeDeps';
import { createLinkSessionExample, createdLinkSessionExample } from '../../link/linkSessions.examples';

// Without LINK_PUBLIC_URL the link points where this request came in (development).
const originOf = (req: Request) => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

export function postLinkSession(deps: LinkSessionRouteDeps) {
  return idempotent(
    deps.idempotency,
    defineRoute<Record<string, never>, Record<string, never>, CreateLinkSessionBody>({
      method: 'post',
      path: '/link_sessions',
      summary: 'Create a Link page for one customer',
      description:
        'Send the returned `url` to your customer: the hosted page lets them connect their provider account (through the ' +
        "provider's OAuth consent, or by pasting a restricted key), registers it like POST /accounts, then sends them to " +
        '`return_url` with `status=connected&identifier=…` or `status=error&reason=…`, and `link_session=<id>`. The URL is ' +
        'valid for 30 minutes and for one successful use, and is shown only in this response. Name the source with `source`, ' +
        'or give `sourceType` when the environment has one source of that type.',
      tags: ['link_sessions'],
      auth: deps.auth.client,
      body: createLinkSessionBody(deps.allowHttpLocalhost),
      responses: { 200: createdLinkSessionSchema, 503: errorResponse('The database could not be reached; nothing was created') },
      examples: { body: createLinkSessionExample, responses: { 200: createdLinkSessionExample } },
      handler: async ({ body }, req, res) => {
        const { session, url } = await deps.linkSessions.create(
          callerOf(res),
          { source: body.source, sourceType: body.sourceType, identifier: body.identifier, returnUrl: body.return_url },
          originOf(req),
        );
        return toCreatedLinkSessionJson(session, url);
      },
    }),
  );
}
