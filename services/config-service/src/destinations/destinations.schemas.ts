import Joi from 'joi';
import { engineNames } from '@datasync/destinations';

// Request fields shared by the destination routes, and the response schemas: they document the
// API (OpenAPI) and the tests check responses against them.

const timestamp = Joi.string().isoDate();

/** Spec §2: "only lowercase alphanumeric characters and underscore". */
export const destinationName = Joi.string()
  .pattern(/^[a-z0-9_]+$/)
  .max(63)
  // "check" would be shadowed by POST /destinations/check.
  .invalid('check')
  .messages({
    'string.pattern.base': '{#label} may contain only lowercase letters, digits and underscores',
    'any.invalid': '{#label} cannot be "check", a reserved word',
  })
  .description('lowercase letters, digits and underscores; unique in the environment');

export const engineName = Joi.string()
  .valid(...engineNames)
  .description('the database engine');

export const connectionString = Joi.string()
  .max(2048)
  .description(
    '<scheme>://<user>:<password>@<host>:<port>/<database>[?sslmode=…&schema=…&connect_timeout=…]; stored encrypted, never returned. ' +
      'A database user limited to the target schema is recommended (docs/destinations.md).',
  );

export const destinationInput = Joi.object({
  name: destinationName.required(),
  engine: engineName.required(),
  connection_string: connectionString.required(),
});

export const destinationSchema = Joi.object({
  id: Joi.string().guid().required(),
  name: destinationName.required(),
  engine: engineName.required(),
  connection_string_masked: Joi.string().required().description('the connection string with the password replaced by •••'),
  created_at: timestamp.required(),
  updated_at: timestamp.required(),
}).meta({ component: 'Destination' });

export const destinationListSchema = Joi.object({
  data: Joi.array().items(destinationSchema).required(),
}).meta({ component: 'DestinationList' });

export const checkResultSchema = Joi.object({
  ok: Joi.boolean().required().description('whether the service could connect and run the writer’s statements'),
  code: Joi.string().description(
    'when ok is false: why (dns, refused, timeout, tls, authentication, database_missing, schema_missing, privilege, …)',
  ),
  message: Joi.string().description('when ok is false: what failed and what to change'),
}).meta({ component: 'DestinationCheckResult' });
