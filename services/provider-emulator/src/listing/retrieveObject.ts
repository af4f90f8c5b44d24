import type { ResourceStore } from '../state/resourceStore';
import { stripeErrors } from '../http/stripeErrors';

// Only customers answer a retrieve after deletion with a stub (the SDK types retrieve as
// `Customer | DeletedCustomer`); Stripe answers 404 for the others.
const KEEPS_DELETED_STUB = new Set(['customers']);

/** `GET /v1/<resource>/<id>`. */
export function retrieveObject(store: ResourceStore, id: string): object {
  const index = store.indexOf(id);
  if (index === undefined) throw stripeErrors.resourceMissing(store.resource.object, id);
  if (store.isDeleted(index)) {
    if (KEEPS_DELETED_STUB.has(store.name)) return { id, object: store.resource.object, deleted: true };
    throw stripeErrors.resourceMissing(store.resource.object, id);
  }
  return store.objectAt(index);
}
