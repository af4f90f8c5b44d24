import Joi from 'joi';
import { RATE_BUDGET_PERCENT, providerNames } from '@datasync/providers';

const timestamp = Joi.string().isoDate();

/** Same rule as destination names: lowercase letters, digits and underscores. */
export const sourceName = Joi.string()
  .pattern(/^[a-z0-9_]+$/)
  .max(63)
  .messages({ 'string.pattern.base': '{#label} may contain only lowercase letters, digits and underscores' })
  .description('lowercase letters, digits and underscores; unique in the environment (sourceName in POST /sources/{sourceName}/accounts)');

export const providerName = Joi.string()
  .valid(...providerNames)
  .description('the provider of the catalog');

// Stripe Connect's client id is `ca_` and letters and digits; the column's own check
// (`^[A-Za-z0-9_]{1,255}$`) is wider. Every provider of the catalog (Stripe) uses this shape; a
// provider with another one will make it depend on `provider`.
export const oauthClientId = Joi.string()
  .pattern(/^ca_[A-Za-z0-9]{1,252}$/)
  .messages({ 'string.pattern.base': '{#label} must be a Stripe Connect client id: ca_ followed by letters and digits' })
  .description(
    "stripe: the Connect application's OAuth client id (ca_…, from the Connect settings of the account that owns the app); " +
      'the Link page offers Connect with Stripe only when it is set. Public, not a secret',
  );

export const rateBudgetPercent = Joi.number()
  .integer()
  .min(RATE_BUDGET_PERCENT.min)
  .max(RATE_BUDGET_PERCENT.max)
  .description(
    `the share of the provider's documented rate limit (Stripe: 100 req/s live, 25 test, 25 per endpoint) this source's reads may ` +
      `spend on each account, in percent (${RATE_BUDGET_PERCENT.min}–${RATE_BUDGET_PERCENT.max}; at most ${RATE_BUDGET_PERCENT.max} so ` +
      `the account's own integration keeps headroom). Polls for fresh changes are served from it ahead of backfill pages`,
  );

export const sourceInput = Joi.object({
  name: sourceName.required(),
  provider: providerName.required(),
  // Every provider of the catalog (Stripe) needs it; a provider that does not will make it conditional.
  private_key: Joi.string()
    .max(255)
    .required()
    .description(
      'stripe: the secret or restricted key (sk_…/rk_…) of the account that owns the app; verified before creation, stored encrypted, never returned',
    ),
  oauth_client_id: oauthClientId.allow(null),
  rate_budget_percent: rateBudgetPercent.default(RATE_BUDGET_PERCENT.default),
});

/** PATCH /sources/{name}: what can change without a new key; each field is optional, one is needed. */
export const sourceUpdateInput = Joi.object({
  oauth_client_id: oauthClientId.allow(null).description('the OAuth client id (ca_…), or null to remove it'),
  rate_budget_percent: rateBudgetPercent,
});

export const sourceSchema = Joi.object({
  id: Joi.string().guid().required(),
  name: sourceName.required(),
  provider: providerName.required(),
  provider_account_id: Joi.string().required().description('the provider account that owns the app (acct_…)'),
  provider_account_name: Joi.string().allow(null).required(),
  livemode: Joi.boolean().required().description('whether the key is a live-mode key'),
  oauth_client_id: Joi.string()
    .allow(null)
    .required()
    .description("the Connect application's OAuth client id (ca_…); null: the Link page offers only the pasted key"),
  rate_budget_percent: rateBudgetPercent.required(),
  created_at: timestamp.required(),
  updated_at: timestamp.required(),
}).meta({ component: 'Source' });

export const sourceListSchema = Joi.object({
  data: Joi.array().items(sourceSchema).required(),
}).meta({ component: 'SourceList' });
