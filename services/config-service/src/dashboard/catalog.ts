import { engineNames, getEngine } from '@datasync/destinations';
import { getProvider, providerNames, type ProviderName } from '@datasync/providers';

/** An input the source form shows once its provider is chosen. */
export interface ProviderField {
  /** The field of POST /sources. */
  name: string;
  label: string;
  hint: string;
  placeholder: string;
  /** Secrets get a password input that the browser neither shows nor remembers. */
  secret: boolean;
}

// Typed by provider: a provider added to the catalog does not compile until its inputs exist here.
const providerFields: Record<ProviderName, ProviderField[]> = {
  stripe: [
    {
      name: 'private_key',
      label: 'Secret key of the Stripe account that owns your app',
      hint: 'sk_… or a restricted key (rk_…) with read access. Verified with Stripe before the source is created, stored encrypted, never shown again.',
      placeholder: 'sk_test_…',
      secret: true,
    },
  ],
};

/** What the dashboard's dropdowns offer, from the same catalogs that validate the API. */
export function dashboardCatalog() {
  return {
    engines: engineNames.map((name) => {
      const engine = getEngine(name);
      // Blob storage authenticates with an access key pair and writes into a bucket.
      const where = engine.kind === 'blob' ? `access_key:secret_key@host:${engine.defaultPort}/bucket` : `user:password@host:${engine.defaultPort}/database`;
      return { name, label: engine.label, example: `${engine.schemes[0] ?? name}://${where}` };
    }),
    providers: providerNames.map((name) => {
      const provider = getProvider(name);
      return {
        name,
        label: provider.label,
        fields: providerFields[name],
        resources: provider.resources.map((r) => ({ name: r.name, label: r.label, table: r.table })),
      };
    }),
  };
}
