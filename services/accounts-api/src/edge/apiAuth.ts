import type { Request, RequestHandler, Response } from 'express';
import { callerOf, type BasicAuthenticator } from '@datasync/auth';
import { PermissionError } from '@datasync/errors';
import { clientAddress } from '@datasync/http';
import type { RouteAuth } from '@datasync/openapi';
import type { RateLimits } from './rateLimits';

export interface ApiAuth {
  /** Basic auth (spec §5) and the per-client rate limit: every account route. */
  client: RouteAuth;
  /** The same, for the beta calls: the environment must have early access (docs/accounts-api.md, Beta calls). */
  beta: RouteAuth;
}

const BETA_MESSAGE =
  'This call is in beta and needs early access, which is off for this environment. ' +
  'An administrator of your organization can switch early access on in the dashboard (Environments).';

/**
 * The public API's authentication: failures count per client id presented and client address
 * (the real one, behind TRUSTED_PROXIES), so one caller's failures never lock out another's
 * valid credentials (libs/auth createBasicAuth); a client that authenticated spends from its own
 * rate.
 */
export function createApiAuth(deps: {
  basic: BasicAuthenticator;
  limits: RateLimits;
  earlyAccess: (environmentId: string) => Promise<boolean>;
}): ApiAuth {
  const { basic, limits } = deps;

  const authenticate = async (req: Request, res: Response): Promise<void> => {
    // The client spends from its rate in the same Redis round trip as the failed-auth check.
    res.locals.caller = await basic.authenticate(req.headers.authorization, clientAddress(req), (caller) => limits.spend(caller.clientId));
  };

  const client: RequestHandler = async (req, res, next) => {
    await authenticate(req, res);
    next();
  };

  const beta: RequestHandler = async (req, res, next) => {
    await authenticate(req, res);
    if (!(await deps.earlyAccess(callerOf(res).environmentId))) throw new PermissionError(BETA_MESSAGE, 'feature_not_enabled');
    next();
  };

  const security = () => [{ basicAuth: [] }];
  return {
    client: { middleware: client, security, errorStatuses: () => [401, 429] },
    beta: { middleware: beta, security, errorStatuses: () => [401, 403, 429] },
  };
}
