import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toSourceJson } from '../../sources/sources.mapper';
import { sourceName, sourceSchema, sourceUpdateInput } from '../../sources/sources.schemas';
import type { SourceRouteDeps } from './routeDeps';

interface Body {
  oauth_client_id?: string | null;
  rate_budget_percent?: number;
}

export function patchSource(deps: SourceRouteDeps) {
  return defineRoute<{ name: string }, Record<string, never>, Body>({
    method: 'patch',
    path: '/sources/{name}',
    summary: "Change a source's OAuth client id or rate budget share (the key stays as it is)",
    description:
      "With `oauth_client_id` (Stripe Connect's `ca_…`), the hosted Link page offers **Connect with Stripe**; `null` removes it and " +
      'the page offers only the pasted key. The id is public and stored as given: the provider has no API to check it against the key. ' +
      "`rate_budget_percent` changes the share of the provider's rate limit the loader spends on the source's accounts; its next " +
      'jobs use it. A field left out stays as it is; at least one is needed.',
    tags: ['sources'],
    auth: deps.auth,
    params: Joi.object({ name: sourceName.required() }),
    body: sourceUpdateInput,
    responses: { 200: sourceSchema, 404: { description: 'No source of that name in this environment' } },
    handler: async ({ params, body }, _req, res) =>
      toSourceJson(
        await deps.sources.update(callerOf(res), params.name, {
          ...(body.oauth_client_id !== undefined ? { oauthClientId: body.oauth_client_id } : {}),
          ...(body.rate_budget_percent !== undefined ? { rateBudgetPercent: body.rate_budget_percent } : {}),
        }),
      ),
  });
}
