import Joi from 'joi';
import { CREDENTIAL_SCOPES } from '@datasync/auth';
import { ENVIRONMENT_NAMES } from '@datasync/db';

// Response schemas: they document the API (OpenAPI) and the tests check responses against them.

const timestamp = Joi.string().isoDate();

export const environmentName = Joi.string()
  .valid(...ENVIRONMENT_NAMES)
  .description('production or development');

export const userSchema = Joi.object({
  id: Joi.string().guid().required(),
  email: Joi.string()
    .email({ tlds: { allow: false } })
    .required(),
  created_at: timestamp.required(),
}).meta({ component: 'User' });

export const organizationSchema = Joi.object({
  id: Joi.string().guid().required(),
  name: Joi.string().required(),
  created_at: timestamp.required(),
}).meta({ component: 'Organization' });

export const environmentSchema = Joi.object({
  id: Joi.string().guid().required(),
  name: environmentName.required(),
  early_access: Joi.boolean().required().description('whether the beta account calls (toggle, delete) are enabled'),
  current: Joi.boolean().required().description("whether it is the caller's environment"),
  created_at: timestamp.required(),
}).meta({ component: 'Environment' });

export const sessionSchema = Joi.object({
  user: userSchema.required(),
  organization: organizationSchema.required(),
  environment: environmentSchema.required(),
  csrf_token: Joi.string().required().description('send it in the X-CSRF-Token header with every POST, PUT, PATCH and DELETE'),
}).meta({ component: 'Session' });

export const clientCredentialSchema = Joi.object({
  client_id: Joi.string()
    .pattern(/^cli_[0-9a-f]{24}$/)
    .required(),
  secret_last4: Joi.string().length(4).allow(null).required(),
  scope: Joi.string()
    .valid(...CREDENTIAL_SCOPES)
    .required()
    .description('accounts: the Accounts API only; admin: also this configuration API (keys, destinations, sources, syncs)'),
  active: Joi.boolean().required(),
  created_at: timestamp.required(),
  revoked_at: timestamp.allow(null).required(),
}).meta({ component: 'ClientCredential' });

export const createdClientCredentialSchema = clientCredentialSchema
  .keys({ client_secret: Joi.string().required().description('shown only in this response; store it now') })
  .meta({ component: 'CreatedClientCredential' });
