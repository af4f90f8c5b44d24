import Joi from 'joi';
import { RATE_BUDGET_PERCENT, providerModule, providerNames } from '@datasync/providers';

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

// The providers' own rules for the source form (libs/providers, each provider's module). With one
// provider they are its schemas as they are; with several, the API takes the column's own shapes
// and each provider's rules are the module's to check.
const forms = providerNames.map((name) => providerModule(name).sourceForm);
const form = forms.length === 1 ? forms[0] : undefined;

// The column's own check (`^[A-Za-z0-9_]{1,255}$`) is wider than any provider's client id.
export const oauthClientId = (form?.oauthClientId?.schema ?? Joi.string().pattern(/^[A-Za-z0-9_]{1,255}$/)).description(
  form?.oauthClientId?.description ?? "the app's public OAuth client id; the Link page offers the provider's consent page when it is set",
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
      form?.secretDescription ?? 'the secret of the account that owns the app; verified before creation, stored encrypted, never returned',
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
  livemode: Joi.boolean().allow(null).required().description('whether the key is a live-mode key; null for providers without modes'),
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
