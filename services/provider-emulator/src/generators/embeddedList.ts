/**
 * Stripe embeds child lists in their parent (an invoice's `lines`, a subscription's `items`) as a
 * list object holding only the first page, 10 items, with `has_more` and the `url` that lists
 * them all (https://docs.stripe.com/api/invoices/object#invoice_object-lines). Parents are
 * generated with their whole list and embedded through this, so list, retrieve and event payloads
 * all carry the truncated form, and the list URL serves the rest.
 */
export const EMBEDDED_PAGE = 10;

export interface EmbeddedList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  total_count?: number;
  url: string;
}

export function embeddedList<T>(items: readonly T[], url: string): EmbeddedList<T> {
  return { object: 'list', data: items.slice(0, EMBEDDED_PAGE), has_more: items.length > EMBEDDED_PAGE, url };
}

/** How many children a generated parent has: mostly one, one parent in `every` a long list. */
export function childCount(roll: number, every: number, longFrom: number, longSpan: number): number {
  return roll % every === 0 ? longFrom + (Math.floor(roll / every) % longSpan) : 1;
}
