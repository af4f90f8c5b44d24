import { Joi } from '@datasync/config';

/** Destination settings; spread into the schema of every service that connects to destinations. */
export const destinationsEnv = {
  // Refused in production: there it would let any tenant point a destination (and the loader)
  // at the service's own network, the control-plane database included.
  DESTINATION_ALLOW_PRIVATE_NETWORKS: Joi.boolean()
    .default(false)
    .when('NODE_ENV', {
      is: 'production',
      then: Joi.valid(false).messages({ 'any.only': 'must not be true when NODE_ENV=production (development and tests only)' }),
    })
    .description(
      'allow destinations on loopback, private, IPv6 link-local and CGNAT addresses ' +
        '(development and tests only, refused when NODE_ENV=production; cloud metadata addresses, 169.254.0.0/16 included, stay refused)',
    ),
};

/** The values `destinationsEnv` yields, for a service's config interface. */
export interface DestinationsEnvConfig {
  DESTINATION_ALLOW_PRIVATE_NETWORKS: boolean;
}
