import { syncActivityReader } from '@datasync/accounts';
import type { SecretBox } from '@datasync/crypto';
import type { Knex } from '@datasync/db';
import type { Logger } from '@datasync/logger';
import type { AnyRouteSpec, RouteAuth } from '@datasync/openapi';
import { providerVerifier, type ProviderSettings, type ProviderVerifier } from '@datasync/providers';
import { WebhookEndpointsService } from '@datasync/webhooks';
import { CollectionsService, type CollectionHooks } from '../collections/collections.service';
import { DestinationsService, type DestinationSettings } from '../destinations/destinations.service';
import { SourceWebhooksService } from '../sources/sourceWebhooks.service';
import { SourcesService } from '../sources/sources.service';
import { SyncsService } from '../syncs/syncs.service';
import { collectionRoutes } from './collections';
import { destinationRoutes } from './destinations';
import { sourceRoutes } from './sources';
import { syncRoutes } from './syncs';
import { webhookEndpointRoutes } from './webhookEndpoints';

/** The services behind the first four steps of the spec's workflow. */
export interface ResourceServices {
  destinations: DestinationsService;
  sources: SourcesService;
  sourceWebhooks: SourceWebhooksService;
  syncs: SyncsService;
  collections: CollectionsService;
  webhookEndpoints: WebhookEndpointsService;
}

export interface ResourceServiceOptions {
  knex: Knex;
  secretBox: SecretBox;
  logger: Logger;
  destinations: DestinationSettings;
  providers: ProviderSettings;
  /** Tests may verify keys another way; by default the provider's API is asked. */
  verifier?: ProviderVerifier;
  /** accounts-api's public base URL: the webhook endpoint URLs shown for sources. */
  accountsApiPublicUrl?: string;
  /** The loader issue's `collection.mounted` enqueue; nothing by default. */
  collectionHooks?: CollectionHooks;
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: development and tests only; off by default. */
  webhooks?: { allowPrivateNetworks: boolean };
}

export function createResourceServices(options: ResourceServiceOptions): ResourceServices {
  const { knex, secretBox, logger } = options;
  const destinations = new DestinationsService(knex, secretBox, options.destinations, logger);
  const sources = new SourcesService(knex, secretBox, options.verifier ?? providerVerifier({ settings: options.providers, logger }));
  const sourceWebhooks = new SourceWebhooksService(knex, secretBox, sources, {
    publicUrl: options.accountsApiPublicUrl ?? 'http://localhost:4000',
  });
  // The overview's accounts and loading activity, read by libs/accounts from its tables and the loader's.
  const syncs = new SyncsService(knex, syncActivityReader(knex));
  const collections = new CollectionsService(knex, syncs, destinations, logger, options.collectionHooks);
  const webhookEndpoints = new WebhookEndpointsService({
    knex,
    secretBox,
    guard: { allowPrivateNetworks: options.webhooks?.allowPrivateNetworks ?? false, timeoutMs: 5_000 },
  });
  return { destinations, sources, sourceWebhooks, syncs, collections, webhookEndpoints };
}

/** Destinations, sources, syncs, collections and webhook endpoints, mounted under /api/v1 behind `auth` (a session or Basic auth). */
export function resourceRoutes(auth: RouteAuth, services: ResourceServices): AnyRouteSpec[] {
  return [
    ...destinationRoutes({ auth, destinations: services.destinations }),
    ...sourceRoutes({ auth, sources: services.sources, webhooks: services.sourceWebhooks }),
    ...syncRoutes({ auth, syncs: services.syncs }),
    ...collectionRoutes({ auth, collections: services.collections }),
    ...webhookEndpointRoutes({ auth, webhookEndpoints: services.webhookEndpoints }),
  ];
}
