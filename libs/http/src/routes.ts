import type { RequestHandler, Router } from 'express';
import { MethodNotAllowedError, UnsupportedMediaTypeError } from '@datasync/errors';
import { ROUTE_TEMPLATE } from './metrics/routeTemplate';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteDefinition {
  method: HttpMethod;
  path: string;
  /** Run before the body is looked at: a request that fails them is answered before any body error. */
  authenticate?: RequestHandler[];
  handlers: RequestHandler[];
}

/** `res.locals` key under which createHttpApp keeps the error of a body it could not parse. */
export const BODY_ERROR = 'bodyError';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = Number(headers['content-length'] ?? 0);
  return length > 0 || headers['transfer-encoding'] !== undefined;
}

/**
 * The body's own errors (400 bad JSON, 413 too large) kept by createHttpApp; 415 when a request
 * that may carry a body sends one that is not JSON; a missing body reads as `{}` so validation
 * can name the missing fields instead.
 */
export const requireJsonBody: RequestHandler = (req, res, next) => {
  const unreadable: unknown = res.locals[BODY_ERROR];
  if (unreadable !== undefined) return next(unreadable);
  if (!BODY_METHODS.has(req.method)) return next();
  const sent = hasBody(req.headers);
  if (sent && !req.is(['application/json', 'application/*+json'])) return next(new UnsupportedMediaTypeError());
  if (req.body === undefined) req.body = {};
  next();
};

/**
 * Registers routes grouped by path, so that a known path called with another method gets a
 * 405 naming the allowed methods instead of a 404.
 */
export function mountRoutes(router: Router, routes: RouteDefinition[]): void {
  const byPath = new Map<string, RouteDefinition[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
  for (const [path, group] of byPath) {
    const chain = router.route(path);
    // The HTTP metrics label the request with this template, never with its raw path.
    chain.all((req, res, next) => {
      res.locals[ROUTE_TEMPLATE] = `${req.baseUrl}${path}`;
      next();
    });
    for (const route of group) chain[route.method](...(route.authenticate ?? []), requireJsonBody, ...route.handlers);
    const allowed = group.map((r) => r.method.toUpperCase());
    chain.all((req, _res, next) => next(new MethodNotAllowedError(req.method, path, allowed)));
  }
}
