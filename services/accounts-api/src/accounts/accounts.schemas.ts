import Joi from 'joi';
import { ACCOUNT_STATUSES, CREDENTIAL_KINDS, IDENTIFIER_PATTERN, IDENTIFIER_RULE } from '@datasync/accounts';
import { errorBodySchema } from '@datasync/openapi';
import { providerModules, providerNames } from '@datasync/providers';

// Request names are the spec's, verbatim (sourceType, credential, app, identifier, credentials.*);
// what we add is snake_case. No message repeats a value: a credential must never be echoed.

export const identifier = Joi.string()
  .pattern(IDENTIFIER_PATTERN)
  .messages({ 'string.pattern.base': `{#label} is invalid: ${IDENTIFIER_RULE}`, 'string.empty': `{#label} is invalid: ${IDENTIFIER_RULE}` })
  .description(
    `custom account identifier, the account_id column of its rows in the destination; ${IDENTIFIER_RULE}; defaults to external_id`,
  );

export const sourceType = Joi.string()
  .valid(...providerNames)
  .messages({ 'any.only': `{#label} must be one of: ${providerNames.join(', ')}` })
  .description("the source's type: the provider's name");

/** A source's name, as config-service accepts it. */
export const sourceName = Joi.string()
  .pattern(/^[a-z0-9_]{1,63}$/)
  .messages({ 'string.pattern.base': '{#label} must be a source name: 1-63 lowercase letters, digits and underscores' });

/**
 * One schema of a field per provider module, chosen by a sibling field (`sourceType`, or
 * `credentials.type`). A single provider's schema is used as it is, so its messages and its
 * OpenAPI stay its own; the sibling's own schema refuses values no provider has.
 */
function bySibling(sibling: string, schemas: { value: string; schema: Joi.Schema }[]): Joi.Schema {
  const [only] = schemas;
  if (schemas.length === 1 && only) return only.schema;
  return Joi.alternatives().conditional(Joi.ref(sibling), {
    switch: schemas.map(({ value, schema }) => ({ is: value, then: schema })),
    otherwise: Joi.any(),
  });
}

/** `credentials.accountId` of POST /sources/{sourceName}/accounts: an account reached through the source's app. */
export const accountId = bySibling(
  'type',
  providerModules.flatMap((m) => (m.credentials.app ? [{ value: m.credentials.app.type, schema: m.credentials.app.accountIdSchema }] : [])),
);

/** `credential` of POST /accounts: each provider's module says what it accepts. */
export const credential = bySibling(
  'sourceType',
  providerModules.map((m) => ({ value: m.provider, schema: m.credentials.spec.schema })),
);

const status = Joi.string().valid(...ACCOUNT_STATUSES);

export const accountRefSchema = Joi.object({
  external_id: Joi.string().required().description("the provider's account id (acct_…)"),
  identifier: Joi.string().required(),
});

export const registrationSchema = Joi.object({
  account: accountRefSchema.required(),
  already_existed: Joi.boolean()
    .required()
    .description('true when this account (same identifier, source and external_id) was registered before'),
}).meta({ component: 'AccountRegistration' });

export const accountStateSchema = Joi.object({
  external_id: Joi.string().required(),
  identifier: Joi.string().required(),
  active: Joi.boolean().required(),
}).meta({ component: 'AccountState' });

export const accountDetailSchema = Joi.object({
  source_type: Joi.string().required(),
  identifier: Joi.string().required(),
  external_id: Joi.string().required(),
  source: Joi.string().required().description('name of the source the account is registered under'),
  credential_kind: Joi.string()
    .valid(...CREDENTIAL_KINDS)
    .required(),
  active: Joi.boolean().required(),
  status: status.required().description('deleting, paused, or the loader’s: pending (nothing loaded yet), idle, loading, live, error'),
  status_reason: Joi.string().allow(null).required().description('why the status is error'),
  last_synced_at: Joi.string().isoDate().allow(null).required(),
  collections: Joi.array()
    .items(
      Joi.object({
        resource: Joi.string().required(),
        table: Joi.string().required(),
        status: Joi.string().required(),
        rows_loaded: Joi.number().integer().required(),
        warnings: Joi.array()
          .items(
            Joi.object({
              code: Joi.string()
                .required()
                .description('stable; test_clocks_unreadable: the key may not list test clocks, so objects on a clock were not loaded'),
              message: Joi.string().required().description('what is missing and how to fix it'),
            }).meta({ component: 'CollectionWarning' }),
          )
          .required()
          .description('what the load left out while it loaded the rest; the status stays live (empty: nothing)'),
        verified_at: Joi.string()
          .isoDate()
          .allow(null)
          .required()
          .description('when the table was last verified equal to the provider (drift repaired); null: never'),
        verified_through: Joi.string()
          .isoDate()
          .allow(null)
          .required()
          .description('objects created before this were compared in that verification'),
        drift_found: Joi.number().integer().allow(null).required().description('differences that verification found'),
        drift_repaired: Joi.number().integer().allow(null).required().description('rows it rewrote or marked deleted to repair them'),
      }),
    )
    .required()
    .description('per-collection progress, filled by the loader'),
  created_at: Joi.string().isoDate().required(),
  updated_at: Joi.string().isoDate().required(),
}).meta({ component: 'Account' });

/** `stripe/acct_123`: the source_type and identifier of the last account of the previous page. */
export const CURSOR_PATTERN = /^([a-z][a-z0-9_]{0,63})\/([A-Za-z0-9][A-Za-z0-9_.@-]{0,254})$/;

export const listQuery = Joi.object({
  limit: Joi.number().integer().min(1).max(100).default(10).description('page size, 1-100 (default 10)'),
  starting_after: Joi.string()
    .pattern(CURSOR_PATTERN)
    .messages({ 'string.pattern.base': '{#label} must be the next_cursor of the previous page (source_type/identifier)' })
    .description('next_cursor of the previous page'),
  source_type: sourceType,
  active: Joi.boolean(),
  status: status.messages({ 'any.only': `{#label} must be one of: ${ACCOUNT_STATUSES.join(', ')}` }),
});

export const accountListSchema = Joi.object({
  data: Joi.array().items(accountDetailSchema).required(),
  has_more: Joi.boolean().required(),
  next_cursor: Joi.string().allow(null).required().description('pass as starting_after for the next page; null on the last page'),
}).meta({ component: 'AccountList' });

export const accountPathParams = Joi.object({
  source_type: sourceType.required(),
  identifier: identifier.required(),
});

/** A documented error response: the flat error body, with what this status means here. */
export const errorResponse = (description: string) => ({ description, schema: errorBodySchema });
