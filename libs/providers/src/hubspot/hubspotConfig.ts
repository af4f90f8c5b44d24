import { Joi } from '@datasync/config';

/**
 * HubSpot's environment, to spread into a service's schema once the connector is registered;
 * kept here so that adding HubSpot changes no schema a running service validates today.
 */
export const hubspotEnv = {
  PROVIDER_HUBSPOT_BASE_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .default('https://api.hubapi.com')
    .description('HubSpot API base URL (OAuth v1 included); the provider emulator in development and tests'),
};

export interface HubspotEnv {
  PROVIDER_HUBSPOT_BASE_URL: string;
}
