import { Joi } from '@datasync/config';

/** Outbound webhook settings; spread into the schema of accounts-api, config-service and the loader. */
export const webhooksEnv = {
  // Refused in production for the reason destinations refuse it: a tenant's URL would reach the
  // service's own network.
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: Joi.boolean()
    .default(false)
    .when('NODE_ENV', {
      is: 'production',
      then: Joi.valid(false).messages({ 'any.only': 'must not be true when NODE_ENV=production (development and tests only)' }),
    })
    .description(
      'allow webhook endpoint URLs on loopback, private and CGNAT addresses (development and tests only, refused when NODE_ENV=production)',
    ),
};

export interface WebhooksEnvConfig {
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: boolean;
}
