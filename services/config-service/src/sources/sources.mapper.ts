import type { Source } from './sources.repository';

// Public JSON is snake_case (STYLE). The private key never leaves the sealed column; the OAuth client id
// is public (it appears in the provider's consent URL).

export function toSourceJson(source: Source) {
  return {
    id: source.id,
    name: source.name,
    provider: source.provider,
    provider_account_id: source.providerAccountId,
    provider_account_name: source.providerAccountName,
    livemode: source.livemode,
    oauth_client_id: source.oauthClientId,
    rate_budget_percent: source.rateBudgetPercent,
    created_at: source.createdAt.toISOString(),
    updated_at: source.updatedAt.toISOString(),
  };
}
