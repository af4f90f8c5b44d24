import { engineNames, getEngine, type EngineName } from '@datasync/destinations';
import { getProvider, providerModule, providerNames } from '@datasync/providers';
import { WEBHOOK_EVENT_TYPES } from '@datasync/webhooks';

/**
 * An engine as the destination form shows it: `kind` picks the side panel (a database user, or
 * an access key for blob storage), `example` is the connection string's placeholder and `format`
 * its shape under the field.
 */
function engineChoice(name: EngineName) {
  const engine = getEngine(name);
  const scheme = engine.schemes[0] ?? name;
  if (engine.kind === 'blob') {
    // Blob storage authenticates with an access key pair and writes into a folder of a bucket.
    return {
      name,
      label: engine.label,
      kind: engine.kind,
      example: `${scheme}://access_key:secret@host:${engine.defaultPort}/bucket?prefix=datasync`,
      format: `${scheme}://<access key>:<secret>@<host>:<port>/<bucket>?prefix=…&region=…&format=${engine.formats.join('|')}`,
    };
  }
  const example = `${scheme}://user:password@host:${engine.defaultPort}/database`;
  return { name, label: engine.label, kind: engine.kind, example, format: example };
}

/** What the dashboard's dropdowns offer, from the same catalogs that validate the API. */
export function dashboardCatalog() {
  return {
    engines: engineNames.map(engineChoice),
    providers: providerNames.map((name) => {
      const provider = getProvider(name);
      return {
        name,
        label: provider.label,
        fields: providerModule(name).sourceForm.fields,
        resources: provider.resources.map((r) => ({ name: r.name, label: r.label, table: r.table })),
      };
    }),
    // The Webhooks page's event checkboxes.
    webhookEvents: [...WEBHOOK_EVENT_TYPES],
  };
}
