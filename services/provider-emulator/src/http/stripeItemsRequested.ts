import type { Request } from 'express';

// `/v1/charges`, `/v1/invoices/:id/lines`, `/v1/subscription_items`: paths that answer a page.
function isListPath(path: string): boolean {
  const parts = path.split('/').filter(Boolean);
  return (parts.length === 2 && parts[1] !== 'account') || (parts.length === 4 && parts[3] === 'lines');
}

/** How many items the request asks for: its `limit`, Stripe's default of 10 for a list, 0 for anything else. */
export function itemsRequested(req: Request, path: string): number {
  if (!isListPath(path)) return 0;
  const limit = Number(req.query.limit);
  return Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : 10;
}
