import type { ProviderObject } from '../connector';
import { ProviderRequestError } from '../errors';

// The shape of a Stripe list body, shared by resource lists, embedded lists, events and test
// clocks; on its own so that listing and embedded-list completion need not import each other.

export function parseList(body: Record<string, unknown>): { data: ProviderObject[]; hasMore: boolean } {
  const { data, has_more: hasMore } = body;
  if (!Array.isArray(data) || typeof hasMore !== 'boolean' || !data.every(isProviderObject)) {
    throw new ProviderRequestError('the provider answered a list request with something that is not a list', 'unexpected_response', 200);
  }
  return { data, hasMore };
}

export function isProviderObject(value: unknown): value is ProviderObject {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}
