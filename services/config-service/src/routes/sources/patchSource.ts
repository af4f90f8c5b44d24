import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toSourceJson } from '../../sources/sources.mapper';
import { sourceName, sourceSchema, sourceUpdateInput } from '../../sources/sources.schemas';
import type { SourceRouteDeps } from './routeDeps';

interface Body {
  oauth_client_id: string | null;
}

export function patchSource(deps: SourceRouteDeps) {
  return defineRoute<{ name: string }, Record<string, never>, Body>({
    method: 'patch',
    path: '/sources/{name}',
    summary: "Set or clear a source's OAuth client id (the key stays as it is)",
    description:
      'With `oauth_client_id` (Stripe Connect\'s `ca_…`), the hosted Link page offers **Connect with Stripe**; `null` removes it and ' +
      'the page offers only the pasted key. The id is public and stored as given: the provider has no API to check it against the key.',
    tags: ['sources'],
    auth: deps.auth,
    params: Joi.object({ name: sourceName.required() }),
    body: sourceUpdateInput,
    responses: { 200: sourceSchema, 404: { description: 'No source of that name in this environment' } },
    handler: async ({ params, body }, _req, res) =>
      toSourceJson(await deps.sources.update(callerOf(res), params.name, { oauthClientId: body.oauth_client_id })),
  });
}
