import { stripeCatalog } from './stripe';
import { providerNames, type CatalogResource, type ProviderCatalog, type ProviderName } from './types';

const catalogs: Record<ProviderName, ProviderCatalog> = { stripe: stripeCatalog };

/** A provider or resource name that the catalog does not know. */
export class UnknownCatalogEntryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnknownCatalogEntryError';
  }
}

export function isProviderName(name: string): name is ProviderName {
  return (providerNames as readonly string[]).includes(name);
}

export function getProvider(name: string): ProviderCatalog {
  if (!isProviderName(name)) throw new UnknownCatalogEntryError(`unknown provider "${name}"`);
  return catalogs[name];
}

/** The resource, or undefined when the provider or resource is unknown (for validating input). */
export function findResource(provider: string, resource: string): CatalogResource | undefined {
  if (!isProviderName(provider)) return undefined;
  return catalogs[provider].resources.find((r) => r.name === resource);
}

export function getResource(provider: string, resource: string): CatalogResource {
  getProvider(provider);
  const found = findResource(provider, resource);
  if (!found) throw new UnknownCatalogEntryError(`unknown resource "${resource}" of provider "${provider}"`);
  return found;
}

export function resourceNames(provider: string): string[] {
  return getProvider(provider).resources.map((r) => r.name);
}

/** The resource whose objects carry this `object` value (`charge` → charges). */
export function findResourceByObject(provider: string, object: string): CatalogResource | undefined {
  if (!isProviderName(provider)) return undefined;
  return catalogs[provider].resources.find((r) => r.object === object);
}

/** The resource an event type is about (`charge.dispute.created` → disputes). */
export function findResourceByEventType(provider: string, eventType: string): CatalogResource | undefined {
  if (!isProviderName(provider)) return undefined;
  return catalogs[provider].resources.find((r) => r.eventTypes.includes(eventType));
}
