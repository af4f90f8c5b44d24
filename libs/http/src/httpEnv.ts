import { Joi } from '@datasync/config';

/** PORT and HOST for a service's config schema, with the service's own default port. */
export function httpEnv(defaultPort: number) {
  return {
    PORT: Joi.number().port().default(defaultPort).description(`HTTP port (default ${defaultPort})`),
    HOST: Joi.string().hostname().default('0.0.0.0').description('interface the HTTP server listens on'),
  };
}
