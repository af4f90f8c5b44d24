import type { StripeCredential } from './stripe/stripeCredentials';

/**
 * A credential as the connectors take it: one of the kinds a provider module defines
 * (providerModule.ts). Each provider adds its own kinds to this union; generic code reads only
 * `kind` and hands the rest to the provider's module.
 */
export type ProviderCredential = StripeCredential;

export type { ConnectedAccountCredential, SecretKeyCredential } from './stripe/stripeCredentials';
