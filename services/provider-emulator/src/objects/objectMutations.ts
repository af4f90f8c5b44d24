import { toJsonObject, type JsonObject } from '../kit/json';
import { stripeErrors } from '../http/stripeErrors';
import type { EmulatorAccount } from '../state/account';
import type { ResourceStore } from '../state/resourceStore';
import { assertDeletable } from './deletability';
import { eventTypeFor } from './eventTypes';
import { announceIdlessEvents } from './idlessEvents';

const READ_ONLY_FIELDS = ['id', 'object', 'created'] as const;

function checkPatch(patch: JsonObject): void {
  for (const name of READ_ONLY_FIELDS) {
    if (name in patch) throw stripeErrors.invalidValue(name, `${name} is set by the emulator and cannot be given.`);
  }
}

/** Top-level fields whose value changed, with their old values: Stripe's `previous_attributes`. */
function previousAttributes(before: JsonObject, after: JsonObject): JsonObject {
  const previous: JsonObject = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key] ?? null;
  }
  return previous;
}

function announce(
  account: EmulatorAccount,
  store: ResourceStore,
  change: 'created' | 'updated' | 'deleted',
  object: JsonObject,
  previous?: JsonObject,
): void {
  const type = eventTypeFor(store.resource, change, object);
  if (type) account.events.append(type, account.now(), object, previous, account.connectedTo ? account.id : undefined);
}

function existingIndex(store: ResourceStore, id: string): number {
  const index = store.indexOf(id);
  if (index === undefined || store.isDeleted(index)) throw stripeErrors.resourceMissing(store.resource.object, id);
  return index;
}

/** How a change is made: `silent` makes it without any event (drift the provider never announces). */
export interface MutationOptions {
  silent?: boolean;
}

/** Admin create: a realistic object of the resource with `patch` over it, created now. */
export function createObject(account: EmulatorAccount, store: ResourceStore, patch: JsonObject, options: MutationOptions = {}): JsonObject {
  checkPatch(patch);
  const object = store.create(patch, account.now());
  if (options.silent) return object;
  announce(account, store, 'created', object);
  announceIdlessEvents(account, store, undefined, object);
  return object;
}

/** Admin update: `patch` merged into the object (nested objects merge, the rest replaces). */
export function updateObject(
  account: EmulatorAccount,
  store: ResourceStore,
  id: string,
  patch: JsonObject,
  options: MutationOptions = {},
): JsonObject {
  checkPatch(patch);
  const index = existingIndex(store, id);
  const { before, after } = store.update(index, patch, account.now());
  if (options.silent) return after;
  announce(account, store, 'updated', after, previousAttributes(before, after));
  announceIdlessEvents(account, store, before, after);
  return after;
}

/**
 * Admin delete, of what Stripe can delete (see assertDeletable). A subscription is canceled
 * instead (Stripe's DELETE /v1/subscriptions/:id: it stays retrievable with status `canceled`,
 * announced by customer.subscription.deleted); every other object disappears from lists and
 * retrieves, announced by its resource's delete event. A silent delete makes any object, of any
 * resource, disappear without an event: an object the provider lost, or whose delete was never
 * announced.
 */
export function deleteObject(account: EmulatorAccount, store: ResourceStore, id: string, options: MutationOptions = {}): JsonObject {
  const index = existingIndex(store, id);
  if (options.silent) {
    store.markDeleted(index);
    return { id, object: store.resource.object, deleted: true };
  }
  assertDeletable(store, id, store.objectAt(index));
  const now = account.now();
  if (store.name === 'subscriptions') {
    const { after } = store.update(index, { status: 'canceled', canceled_at: now, ended_at: now }, now);
    announce(account, store, 'deleted', after);
    return after;
  }
  const last = toJsonObject(store.objectAt(index));
  store.markDeleted(index);
  announce(account, store, 'deleted', last);
  return { id, object: store.resource.object, deleted: true };
}
