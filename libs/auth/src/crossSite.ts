import type { RequestHandler } from 'express';
import { PermissionError } from '@datasync/errors';
import type { RouteAuth } from '@datasync/openapi';

/**
 * For the calls that start a session (sign-up, login), which no CSRF token can protect yet: a
 * request another site's page made is refused, so nobody is logged into an attacker's account
 * unawares. Browsers say where a request comes from in Sec-Fetch-Site; API clients send nothing
 * and pass. (Origin is not compared with Host: a reverse proxy may rewrite Host.) Browsers too
 * old for Sec-Fetch-Site still cannot send a cross-site JSON body without a CORS preflight,
 * which this service never grants, and non-JSON bodies get a 415.
 */
const middleware: RequestHandler = (req, _res, next) => {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') {
    return next(new PermissionError('Requests from other sites cannot sign up or log in.', 'cross_site_request'));
  }
  next();
};

export const rejectCrossSite: RouteAuth = { middleware, security: () => [], errorStatuses: () => [403] };
