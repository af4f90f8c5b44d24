import type { RequestHandler } from 'express';
import type { AbsentRoute } from '../state/absentRoutes';
import { requestContext } from './requestContext';
import { stripeErrors } from './stripeErrors';

/**
 * Answers 404 `Unrecognized request URL`, as for a path Stripe does not know, when the account was
 * created with `route` among its `routes_absent`; else lets the request on. Placed before the
 * permission check: a server without the route cannot refuse a key for it.
 */
export function routePresent(route: AbsentRoute): RequestHandler {
  return (req, res, next) => {
    if (!requestContext(res).account.routesAbsent.has(route)) return next();
    next(stripeErrors.unrecognizedUrl(req.method, req.baseUrl + req.path));
  };
}
