import type { TableSpec } from '@datasync/destinations';
import type { CatalogResource } from './types';

const specs = new WeakMap<Pick<CatalogResource, 'table' | 'columns'>, TableSpec>();

/**
 * The neutral table spec a destination creates and writes the resource's table from: its name
 * and typed columns, in catalog order (the order of `typedValues`). The destination adds the
 * common columns and the key. Resolved here, by the provider, so that a provider whose accounts
 * define their own fields can resolve it per account.
 */
export function tableSpecOf(resource: Pick<CatalogResource, 'table' | 'columns'>): TableSpec {
  let spec = specs.get(resource);
  if (!spec) {
    spec = {
      table: resource.table,
      columns: resource.columns.map((c) => ({ name: c.name, type: c.type, ...(c.description ? { description: c.description } : {}) })),
    };
    specs.set(resource, spec);
  }
  return spec;
}
