import { getProvider } from './catalog';
import type { ProviderConnector } from './connector';
import { createStripeConnector, type StripeConnectorOptions } from './stripe/stripeConnector';

export type ConnectorOptions = StripeConnectorOptions;

/** The connector of a catalog provider, for code that handles every provider alike. */
export function createConnector(provider: string, options: ConnectorOptions): ProviderConnector {
  switch (getProvider(provider).name) {
    case 'stripe':
      return createStripeConnector(options);
  }
}
