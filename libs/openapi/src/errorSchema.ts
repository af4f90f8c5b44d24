import Joi from 'joi';

/** The flat error body of every service (docs/accounts-api.md, Error body), documented once as `components.schemas.Error`. */
export const errorBodySchema = Joi.object({
  type: Joi.string().valid('invalid_request_error', 'authentication_error', 'permission_error', 'rate_limit_error', 'api_error').required(),
  message: Joi.string().required().description('what went wrong, for a person to read'),
  code: Joi.string().description('a stable machine-readable reason, e.g. parameter_invalid, resource_missing'),
  param: Joi.string().description('the first invalid field'),
  errors: Joi.array()
    .items(Joi.object({ param: Joi.string().required(), message: Joi.string().required() }))
    .description('every invalid field, for 400 parameter_invalid'),
  error_id: Joi.string().description('for 500 only: quote it when reporting the problem'),
}).meta({ component: 'Error' });
