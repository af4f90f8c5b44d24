import type { ProviderObject } from '../connector';
import { ProviderRequestError } from '../errors';
import { arrayItemTexts } from '../json/arrayItemTexts';
import { jsonTextOf, rememberJsonText } from '../json/objectText';

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

/**
 * Gives each object of a list page the JSON text it was read as (json/objectText.ts). Only a
 * compact body: Stripe itself pretty-prints, and an indented text would be stored with its
 * whitespace by destinations that keep JSON as text (MariaDB), so those pages are serialised as
 * before; finding the line break costs one native scan of the body.
 */
export function keepItemTexts(body: Record<string, unknown>, data: readonly ProviderObject[]): void {
  const text = jsonTextOf(body);
  if (text === undefined || text.includes('\n')) return;
  const items = arrayItemTexts(text, 'data');
  if (!items || items.length !== data.length) return;
  data.forEach((object, i) => rememberJsonText(object, items[i] as string));
}
