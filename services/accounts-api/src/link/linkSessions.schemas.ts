import Joi from 'joi';
import { identifier, sourceName, sourceType } from '../accounts/accounts.schemas';
import { LINK_STATUSES } from './linkStatus';

// https anywhere; plain http only to this machine, outside production (a developer's return
// page). Never a #fragment (the result is appended as query parameters) nor user:password@.
const HTTPS_URL = /^https:\/\/[^/?#@\s]+(?:[/?][^#\s]*)?$/;
const HTTPS_OR_LOCAL_HTTP_URL = /^(?:https:\/\/[^/?#@\s]+|http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::[0-9]{1,5})?)(?:[/?][^#\s]*)?$/;

export function returnUrlSchema(allowHttpLocalhost: boolean) {
  const rule = allowHttpLocalhost
    ? 'an https URL (or http on localhost or 127.0.0.1) without a #fragment or user:password@'
    : 'an https URL without a #fragment or user:password@';
  return Joi.string()
    .max(2048)
    .uri({ scheme: ['http', 'https'] })
    .pattern(allowHttpLocalhost ? HTTPS_OR_LOCAL_HTTP_URL : HTTPS_URL)
    .messages({
      'string.uri': `{#label} must be ${rule}`,
      'string.uriCustomScheme': `{#label} must be ${rule}`,
      'string.pattern.base': `{#label} must be ${rule}`,
    })
    .description(
      `where the page sends the customer back: ${rule}; it gets ?status=connected&identifier=… ` + 'or ?status=error&reason=… appended',
    );
}

export interface CreateLinkSessionBody {
  source?: string;
  sourceType?: string;
  identifier?: string;
  return_url: string;
}

export function createLinkSessionBody(allowHttpLocalhost: boolean) {
  return Joi.object<CreateLinkSessionBody>({
    source: sourceName.description('name of the source the account is registered under; or give sourceType'),
    sourceType: sourceType
      .when('source', { not: Joi.exist(), then: Joi.required() })
      .messages({ 'any.required': '{#label} is required when source is not given: name the source, or give its type' })
      .description("the source's type; enough when the environment has one source of that type"),
    identifier: identifier.description(
      'identifier of the account the customer connects (the account_id column of its rows); defaults to its external_id',
    ),
    return_url: returnUrlSchema(allowHttpLocalhost).required(),
  });
}

const timestamp = Joi.string().isoDate();

export const linkSessionSchema = Joi.object({
  id: Joi.string().guid().required(),
  source: Joi.string().required().description('name of the source the account is registered under'),
  source_type: Joi.string().required(),
  identifier: Joi.string().allow(null).required().description('the identifier the account gets; null: its external_id'),
  return_url: Joi.string().required(),
  status: Joi.string()
    .valid(...LINK_STATUSES)
    .required()
    .description('open (usable), completed (its one use registered an account), revoked, expired'),
  expires_at: timestamp.required(),
  created_at: timestamp.required(),
  completed_at: timestamp.allow(null).required(),
  revoked_at: timestamp.allow(null).required(),
  account: Joi.object({ external_id: Joi.string().required(), identifier: Joi.string().required() })
    .allow(null)
    .required()
    .description('the account the customer connected, once completed'),
}).meta({ component: 'LinkSession' });

export const createdLinkSessionSchema = linkSessionSchema
  .keys({
    url: Joi.string()
      .required()
      .description('the Link page to send the customer to; shown only in this response (only a hash of its token is kept)'),
  })
  .meta({ component: 'CreatedLinkSession' });

export const linkSessionListSchema = Joi.object({
  data: Joi.array().items(linkSessionSchema).required(),
  has_more: Joi.boolean().required(),
  next_cursor: Joi.string().allow(null).required().description('pass as starting_after for the next page; null on the last page'),
}).meta({ component: 'LinkSessionList' });

export const linkSessionListQuery = Joi.object({
  limit: Joi.number().integer().min(1).max(100).default(10).description('page size, 1-100 (default 10)'),
  starting_after: Joi.string()
    .guid({ separator: '-', wrapper: false })
    .messages({ 'string.guid': '{#label} must be the next_cursor of the previous page' })
    .description('next_cursor of the previous page'),
});

export const linkSessionParams = Joi.object({
  id: Joi.string()
    .guid({ separator: '-', wrapper: false })
    .messages({ 'string.guid': '{#label} must be a link session id (a UUID)' })
    .required(),
});
