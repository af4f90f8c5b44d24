import type { CatalogResource } from '@datasync/providers';
import { field } from '../kit/json';

export type Change = 'created' | 'updated' | 'deleted';

/**
 * The event a change announces, from the catalog's event types: `<x>.created|updated|deleted`
 * when the resource has it, else the type named after the object's status (a charge is
 * announced as `charge.succeeded`, a payment intent update as `payment_intent.canceled`).
 * Undefined where Stripe announces nothing: a resource without events (balance transactions),
 * or a deletion Stripe has no event for (it cannot delete a charge, so there is no
 * `charge.deleted`; the admin API refuses such deletes, see deletability).
 */
export function eventTypeFor(resource: CatalogResource, change: Change, object: object): string | undefined {
  if (resource.eventTypes.length === 0) return undefined;
  if (change === 'deleted') return resource.deletedEventType ?? resource.eventTypes.find((type) => type.endsWith('.deleted'));
  const direct = resource.eventTypes.find((type) => type.endsWith(`.${change}`) && !type.startsWith('charge.refund.'));
  if (direct) return direct;
  const status = field(object, 'status');
  if (typeof status === 'string') return resource.eventTypes.find((type) => type.endsWith(`.${status}`));
  return undefined;
}
