import Joi from 'joi';
import { providerNames } from '@datasync/providers';

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

export const sourceInput = Joi.object({
  name: sourceName.required(),
  provider: providerName.required(),
  // Every provider of the catalog (Stripe) needs it; a provider that does not will make it conditional.
  private_key: Joi.string()
    .max(255)
    .required()
    .description('stripe: the secret or restricted key (sk_…/rk_…) of the account that owns the app; verified before creation, stored encrypted, never returned'),
});

export const sourceSchema = Joi.object({
  id: Joi.string().guid().required(),
  name: sourceName.required(),
  provider: providerName.required(),
  provider_account_id: Joi.string().required().description('the provider account that owns the app (acct_…)'),
  provider_account_name: Joi.string().allow(null).required(),
  livemode: Joi.boolean().required().description('whether the key is a live-mode key'),
  created_at: timestamp.required(),
  updated_at: timestamp.required(),
}).meta({ component: 'Source' });

export const sourceListSchema = Joi.object({
  data: Joi.array().items(sourceSchema).required(),
}).meta({ component: 'SourceList' });
