import type { ProviderEvent } from '@datasync/providers';

/** Why no table can use an event: the bounded `reason` label of the skipped-events metric. */
export type SkipReason = 'no_object_id' | 'unknown_type' | 'not_mounted';

/**
 * Null when some table of the account loads the event's object. Otherwise why not: its object
 * has no id (Stripe's `balance.available`, `invoice.upcoming`), its type is about nothing in the
 * catalog, or its resource is mounted in none of the account's syncs.
 */
export function skipReason(event: ProviderEvent, mounted: ReadonlySet<string>): SkipReason | null {
  if (event.objectId === null) return 'no_object_id';
  if (event.resource === null) return 'unknown_type';
  return mounted.has(event.resource) ? null : 'not_mounted';
}
