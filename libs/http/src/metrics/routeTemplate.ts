import type { Request, Response } from 'express';

/** `res.locals` key under which mountRoutes records the template of the route that took the request. */
export const ROUTE_TEMPLATE = 'routeTemplate';

/** The label of a request nothing answered as a route (a 404, a path under no known prefix). */
export const UNMATCHED = 'unmatched';

/**
 * The `route` label of a request: always a template from the code, never the raw path, so the
 * series stay as many as the routes. mountRoutes records the template of the routes it mounts;
 * a request answered by another router (an HTML page, a static file, bull-board) under one of
 * `prefixes` is labelled with its Express route's template (`/link/:token`) when it has one and
 * that template is under the same prefix, else with the prefix (`/ops/queues/*`); anything else
 * is `unmatched`. Mount paths hold no parameters here, so the base URL is a template too.
 */
export function routeLabel(req: Request, res: Response, prefixes: readonly string[]): string {
  const recorded: unknown = res.locals[ROUTE_TEMPLATE];
  if (typeof recorded === 'string') return recorded;
  const path = req.originalUrl.split('?')[0] ?? '';
  const prefix = [...prefixes].sort((a, b) => b.length - a.length).find((p) => path === p || path.startsWith(`${p}/`));
  if (prefix === undefined) return UNMATCHED;
  const own = (req.route as { path?: unknown } | undefined)?.path;
  const template = typeof own === 'string' ? `${req.baseUrl}${own === '/' ? '' : own}` : '';
  return template === prefix || template.startsWith(`${prefix}/`) ? template : `${prefix}/*`;
}
