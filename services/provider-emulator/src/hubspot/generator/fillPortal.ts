import { hashString } from '../../kit';
import { objectTypes, type ObjectType } from '../crm/objectTypes';
import { primaryType, unlabeledType } from '../crm/associationTypes';
import { generateOwners } from '../portal/owners';
import type { Portal } from '../portal/portal';
import { generatedProperties } from './recordProperties';

/**
 * Fills a new portal with its spec's records, spread evenly over the history and associated the
 * way a real CRM is: contact i works at company i mod companies (its primary company), deal i is
 * with contact i mod contacts and (as primary) company i mod companies, ticket i comes from contact i mod
 * contacts, line item i belongs to deal i mod deals and sells product i mod products. A pure
 * function of the spec, so a restart rebuilds the same portal.
 */
export function fillPortal(portal: Portal): void {
  const { spec } = portal;
  const seed = hashString(spec.seedText);
  const start = spec.end - spec.historyDays * 86_400_000;
  portal.owners = generateOwners(seed, spec.owners, start);
  const ids = new Map<ObjectType, number[]>();
  for (const type of objectTypes) {
    const count = spec.objects[type] ?? 0;
    const store = portal.store(type);
    const typeSeed = hashString(`${spec.seedText}:${type}`);
    const created: number[] = [];
    for (let i = 0; i < count; i++) {
      const at = start + Math.floor((i * (spec.end - start)) / Math.max(1, count));
      const owner = portal.owners.length > 0 ? String(portal.owners[i % portal.owners.length]?.id) : null;
      const properties = generatedProperties(type, typeSeed, i, owner, at);
      if (type === 'line_items') properties.hs_product_id = productIdFor(ids, i);
      created.push(store.create(properties, at, 0).id);
      // Generated history is old news: the index has it already.
    }
    ids.set(type, created);
  }
  associateGenerated(portal, ids);
}

function productIdFor(ids: Map<ObjectType, number[]>, i: number): string | null {
  const products = ids.get('products') ?? [];
  return products.length > 0 ? String(products[i % products.length]) : null;
}

function associateGenerated(portal: Portal, ids: Map<ObjectType, number[]>): void {
  const nth = (type: ObjectType, i: number) => {
    const list = ids.get(type) ?? [];
    return list.length > 0 ? list[i % list.length] : undefined;
  };
  const link = (from: ObjectType, fromId: number | undefined, to: ObjectType, toId: number | undefined, primary = false) => {
    const forward = primary ? primaryType(from, to) : unlabeledType(from, to);
    const plainForward = unlabeledType(from, to);
    const backward = unlabeledType(to, from);
    if (fromId === undefined || toId === undefined || !forward || !plainForward || !backward) return;
    portal.associations.add(from, fromId, to, toId, plainForward, backward);
    if (primary) portal.associations.add(from, fromId, to, toId, forward, backward);
  };
  (ids.get('contacts') ?? []).forEach((id, i) => link('contacts', id, 'companies', nth('companies', i), true));
  (ids.get('deals') ?? []).forEach((id, i) => {
    link('deals', id, 'contacts', nth('contacts', i));
    link('deals', id, 'companies', nth('companies', i), true);
  });
  (ids.get('tickets') ?? []).forEach((id, i) => link('tickets', id, 'contacts', nth('contacts', i)));
  (ids.get('line_items') ?? []).forEach((id, i) => link('line_items', id, 'deals', nth('deals', i)));
}
