import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toSourceJson } from '../../sources/sources.mapper';
import { sourceInput, sourceSchema } from '../../sources/sources.schemas';
import type { SourceRouteDeps } from './routeDeps';

interface Body {
  name: string;
  provider: string;
  private_key: string;
  oauth_client_id?: string | null;
  rate_budget_percent: number;
}

export function postSource(deps: SourceRouteDeps) {
  return defineRoute<Record<string, never>, Record<string, never>, Body>({
    method: 'post',
    path: '/sources',
    summary: 'Create a source; its private key is verified with the provider first',
    description:
      'A key the provider rejects answers 400 `invalid_private_key` (or `insufficient_permission`); a provider that cannot be ' +
      'reached answers 503 `provider_unreachable`. Nothing is created in either case. The key is stored encrypted and never returned. ' +
      "The optional `oauth_client_id` (Stripe Connect's `ca_…`) lets the hosted Link page offer Connect with Stripe; " +
      "`PATCH /sources/{name}` sets or clears it later. `rate_budget_percent` (default 50) is the share of the provider's documented " +
      "rate limit the loader may spend on each of the source's accounts.",
    tags: ['sources'],
    auth: deps.auth,
    body: sourceInput,
    responses: { 201: sourceSchema, 503: { description: 'The provider could not be reached to verify the key' } },
    handler: async ({ body }, _req, res) =>
      toSourceJson(
        await deps.sources.create(callerOf(res), {
          name: body.name,
          provider: body.provider,
          privateKey: body.private_key,
          oauthClientId: body.oauth_client_id ?? null,
          rateBudgetPercent: body.rate_budget_percent,
        }),
      ),
  });
}
