import { getProvider } from './catalog';
import type { ProviderConnector } from './contract/providerConnector';
import type { ProviderBackfill } from './contract/backfill';
import { stripeBackfill } from './stripe/backfill/stripeBackfill';
import { createStripeConnector, type StripeConnectorOptions } from './stripe/stripeConnector';

export type ConnectorOptions = StripeConnectorOptions;

/** The connector of a catalog provider, for code that handles every provider alike. */
export function createConnector(provider: string, options: ConnectorOptions): ProviderConnector {
  switch (getProvider(provider).name) {
    case 'stripe':
      return createStripeConnector(options);
  }
}

/**
 * The backfill half of a provider's connector, without a credential: its pure steps (a run's
 * start, a split) run where no reader is at hand, inside the engine's transactions.
 */
export function backfillFor(provider: string): ProviderBackfill {
  switch (getProvider(provider).name) {
    case 'stripe':
      return stripeBackfill;
  }
}
