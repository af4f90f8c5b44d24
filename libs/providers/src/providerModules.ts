import type { ProviderName } from './catalog';
import { hubspotModule, type HubspotModule } from './hubspot/hubspotModule';
import type { ProviderModule } from './providerModule';
import { stripeModule } from './stripe/stripeModule';

// Typed by provider: a provider added to the catalog does not compile until its module is here.
const modules: Record<ProviderName, ProviderModule> = { stripe: stripeModule };

/** Every provider's module, in the catalog's order. */
export const providerModules: readonly ProviderModule[] = Object.values(modules);

/** The module of a provider name, or undefined for a name no provider has (input to validate). */
export function findProviderModule(provider: string): ProviderModule | undefined {
  return Object.prototype.hasOwnProperty.call(modules, provider) ? modules[provider as ProviderName] : undefined;
}

/** The module of a provider the caller knows exists (a stored source's or account's). */
export function providerModule(provider: string): ProviderModule {
  const found = findProviderModule(provider);
  if (!found) throw new Error(`no provider module for "${provider}"`);
  return found;
}

/** The credential kind spec of a provider, or undefined for a kind it does not define. */
export function credentialKind(provider: string, kind: string) {
  return findProviderModule(provider)?.credentials.kinds.find((k) => k.kind === kind);
}

/** Every credential kind of every provider (the values `credential_kind` can take in the API). */
export const credentialKindNames: readonly string[] = [...new Set(providerModules.flatMap((m) => m.credentials.kinds.map((k) => k.kind)))];

/**
 * Modules built and tested but not offered until their connector is wired: they are in no
 * catalog, API schema, dashboard or Link page, so no one can register an account the loader
 * could never sync. Offering one is a line in `modules` above (docs/adding-a-provider.md).
 */
export const pendingProviderModules: { readonly hubspot: HubspotModule } = { hubspot: hubspotModule };
