import { Joi } from '@datasync/config';

/** Destination settings; spread into the schema of every service that connects to destinations. */
export const destinationsEnv = {
  DESTINATION_ALLOW_PRIVATE_NETWORKS: Joi.boolean()
    .default(false)
    .description(
      'allow destinations on loopback, private, link-local and CGNAT addresses ' +
        '(development and tests only; metadata addresses stay refused)',
    ),
};

/** The values `destinationsEnv` yields, for a service's config interface. */
export interface DestinationsEnvConfig {
  DESTINATION_ALLOW_PRIVATE_NETWORKS: boolean;
}
