import Joi from 'joi';
import { ACCOUNT_STATUSES, IDENTIFIER_PATTERN, IDENTIFIER_RULE } from '@datasync/accounts';

// The Accounts tab's request fields and responses: they validate and document the routes (OpenAPI).

const timestamp = Joi.string().isoDate();

export const identifierParam = Joi.string()
  .pattern(IDENTIFIER_PATTERN)
  .messages({ 'string.pattern.base': `{#label} is invalid: ${IDENTIFIER_RULE}` })
  .description('the account identifier (the account_id column of its rows)');

export const syncAccountSchema = Joi.object({
  external_id: Joi.string().required().description("the provider's id of the account (acct_…)"),
  identifier: Joi.string().required(),
  source: Joi.string().required().description('name of the source the account is registered under'),
  active: Joi.boolean().required(),
  status: Joi.string()
    .valid(...ACCOUNT_STATUSES)
    .required(),
  status_reason: Joi.string().allow(null).required().description('why the account is in error'),
  last_synced_at: timestamp.allow(null).required(),
  created_at: timestamp.required(),
  collections: Joi.array()
    .items(
      Joi.object({
        resource: Joi.string().required(),
        table: Joi.string().required(),
        status: Joi.string().required(),
        rows_loaded: Joi.number().integer().min(0).required(),
        verified_at: timestamp.allow(null).required().description('when the table was last verified equal to the provider'),
        verified_through: timestamp.allow(null).required().description('objects created before this were compared'),
        drift_found: Joi.number().integer().min(0).allow(null).required().description('differences that verification found'),
        drift_repaired: Joi.number().integer().min(0).allow(null).required().description('rows it rewrote or marked deleted'),
      }),
    )
    .required()
    .description('loading progress per collection, as the loader reports it'),
}).meta({ component: 'SyncAccount' });

export const syncAccountListSchema = Joi.object({
  data: Joi.array().items(syncAccountSchema).required(),
  has_more: Joi.boolean().required(),
}).meta({ component: 'SyncAccountList' });
