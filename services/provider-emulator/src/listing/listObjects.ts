import type { EmulatorAccount } from '../state/account';
import type { ResourceStore } from '../state/resourceStore';
import { customerIndexedResources } from '../generators/registry';
import { stripeErrors } from '../http/stripeErrors';
import { customerWalk } from './customerWalk';
import { listJson } from './listJson';
import { parseListParams, type FilterKind, type FilterValue } from './listParams';
import { indexBounds, paginate, type IndexWalk } from './paginate';
import { defaultFilters, resourceFilters } from './resourceFilters';
import { storeSpace } from './storeSpace';

function walkFor(account: EmulatorAccount, store: ResourceStore, filters: ReadonlyMap<string, FilterValue>): IndexWalk | undefined {
  const customer = filters.get('customer');
  if (typeof customer !== 'string' || !customerIndexedResources.has(store.name)) return undefined;
  const customers = account.store('customers');
  return customerWalk(customers?.indexOf(customer), customers?.generatedCount ?? 0, store.generatedCount, store.overlayIndexes());
}

/**
 * `GET /v1/<resource>`: one page of the account's objects, newest first, as the response body.
 * Most of a full read's time is serialisation, hence JSON bytes rather than objects (see
 * generators/chargeJson and listJson).
 */
export function listObjects(account: EmulatorAccount, store: ResourceStore, query: unknown): Buffer {
  const definitions = resourceFilters[store.name];
  const kinds = new Map<string, FilterKind>();
  for (const name of store.resource.listFilters) kinds.set(name, definitions[name]?.kind ?? 'string');
  const params = parseListParams(query, kinds);
  for (const name of params.filters.keys()) {
    if (!definitions[name]) throw stripeErrors.unsupportedFilter(name);
  }

  const object = store.resource.object;
  const cursorIndex = (param: string, id: string | undefined): number | undefined => {
    if (id === undefined) return undefined;
    const index = store.indexOf(id);
    // Stripe answers an unknown cursor with 400 (a bad parameter), not 404.
    if (index === undefined) throw stripeErrors.resourceMissing(object, id, param, 400);
    return index;
  };
  const after = cursorIndex('starting_after', params.startingAfter);
  const before = cursorIndex('ending_before', params.endingBefore);

  const checks: ((item: object) => boolean)[] = [];
  for (const [name, value] of params.filters) {
    const definition = definitions[name];
    if (definition) checks.push((item) => definition.matches(item, value));
  }
  const byDefault = defaultFilters[store.name];
  if (byDefault) checks.push((item) => byDefault(item, params.filters));
  // Objects built to evaluate filters are kept for the response instead of being built again.
  const built = new Map<number, object>();
  const accept =
    checks.length === 0
      ? undefined
      : (index: number) => {
          const item = store.objectAt(index);
          built.set(index, item);
          return checks.every((check) => check(item));
        };

  const space = storeSpace(store);
  const { indexes, hasMore } = paginate(
    space,
    indexBounds(space, params.created),
    { limit: params.limit, after, before },
    accept,
    walkFor(account, store, params.filters),
  );
  const data = indexes.map((index) => {
    const item = built.get(index);
    return item ? JSON.stringify(item) : store.jsonAt(index);
  });
  return listJson(data, hasMore, store.resource.endpoint);
}
