import type { RequestHandler, Router } from 'express';
import { mountRoutes, type RouteDefinition } from '@datasync/http';
import { successStatus, type AnyRouteSpec } from './routeSpec';
import { validate, type ValidatedInput } from './validate';

/** `/environments/{name}` (OpenAPI) → `/environments/:name` (Express; `{}` means "optional" there). */
export function toExpressPath(path: string): string {
  return path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
}

function runHandler(spec: AnyRouteSpec): RequestHandler {
  const status = successStatus(spec);
  return async (req, res) => {
    const result: unknown = await spec.handler(res.locals.input as ValidatedInput, req, res);
    if (res.headersSent) return;
    if (status === 204) res.status(204).end();
    else res.status(status).json(result ?? null);
  };
}

/** Express route definitions for specs: authenticate → validate → handler. */
export function toRouteDefinitions(specs: AnyRouteSpec[]): RouteDefinition[] {
  return specs.map((spec) => ({
    method: spec.method,
    path: toExpressPath(spec.path),
    authenticate: spec.auth ? [spec.auth.middleware] : [],
    handlers: [validate({ params: spec.params, query: spec.query, body: spec.body }), runHandler(spec)],
  }));
}

/** Mounts specs through libs/http's mountRoutes, which adds the 405 and 415 answers. */
export function mountRouteSpecs(router: Router, specs: AnyRouteSpec[]): void {
  mountRoutes(router, toRouteDefinitions(specs));
}
