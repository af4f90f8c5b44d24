import type { CatalogResource } from '@datasync/providers';
import { field } from '../core/json';

export type Change = 'created' | 'updated' | 'deleted';

/**
 * The event a change announces, from the catalog's event types: `<x>.created|updated|deleted`
 * when the resource has it, else the type named after the object's status (a charge is
 * announced as `charge.succeeded`, a payment intent update as `payment_intent.canceled`), else
 * `<object>.<change>` — Stripe has no such type, but an emulated delete of a charge must still be
 * visible to a reader of /v1/events. Undefined: the resource has no events at all (balance
 * transactions), so nothing is announced, as at Stripe.
 */
export function eventTypeFor(resource: CatalogResource, change: Change, object: object): string | undefined {
  if (resource.eventTypes.length === 0) return undefined;
  if (change === 'deleted' && resource.deletedEventType) return resource.deletedEventType;
  const direct = resource.eventTypes.find((type) => type.endsWith(`.${change}`) && !type.startsWith('charge.refund.'));
  if (direct) return direct;
  const status = field(object, 'status');
  if (change !== 'deleted' && typeof status === 'string') {
    const byStatus = resource.eventTypes.find((type) => type.endsWith(`.${status}`));
    if (byStatus) return byStatus;
  }
  return `${resource.object}.${change}`;
}
