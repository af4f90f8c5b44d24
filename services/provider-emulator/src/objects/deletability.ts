import { ApiError } from '@datasync/errors';
import { field } from '../kit/json';
import { stripeErrors } from '../http/stripeErrors';
import type { ResourceStore } from '../state/resourceStore';

/**
 * Refuses what Stripe cannot delete, the way Stripe answers it. Stripe has `DELETE` for
 * customers, products, coupons, draft invoices and subscriptions (a cancellation); prices have no
 * API delete, but the Dashboard deletes an unused one and Stripe announces it with
 * `price.deleted`, so the admin API (which stands for anything done at Stripe) allows it.
 * Charges, refunds, payouts, payment intents, disputes and balance transactions have no delete at
 * all: the request names a URL Stripe does not know.
 */
export function assertDeletable(store: ResourceStore, id: string, object: object): void {
  if (store.name === 'subscriptions') return;
  if (!store.resource.deletedEventType) throw stripeErrors.unrecognizedUrl('DELETE', `${store.resource.endpoint}/${id}`);
  if (store.name === 'invoices' && field(object, 'status') !== 'draft') {
    throw new ApiError(400, 'invalid_request_error', 'You can only delete draft invoices.', { code: 'invoice_not_editable' });
  }
}
