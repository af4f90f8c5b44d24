import type { Request, RequestHandler, Response } from 'express';
import { callerOf, parseBasicAuth, type BasicAuthenticator } from '@datasync/auth';
import { AuthenticationError, PermissionError } from '@datasync/errors';
import type { RouteAuth } from '@datasync/openapi';
import type { RateLimits } from './rateLimits';

export interface ApiAuth {
  /** Basic auth (spec §5) and the per-client rate limit: every account route. */
  client: RouteAuth;
  /** The same, for the beta calls: the environment must have early access (DESIGN §5). */
  beta: RouteAuth;
}

const BETA_MESSAGE =
  'This call is in beta and needs early access, which is off for this environment. ' +
  'An administrator of your organization can switch early access on in the dashboard (Environments).';

/**
 * The public API's authentication: every failure (other than sending no credentials) counts
 * against the caller's address, and an address over its limit gets 429s, good credentials or not;
 * a client that authenticated spends from its own rate. A request that authenticates from the
 * credential cache costs one Redis round trip for all of it.
 */
export function createApiAuth(deps: { basic: BasicAuthenticator; limits: RateLimits; earlyAccess: (environmentId: string) => Promise<boolean> }): ApiAuth {
  const { basic, limits } = deps;

  const authenticate = async (req: Request, res: Response): Promise<void> => {
    const ip = req.socket.remoteAddress ?? 'unknown';
    limits.refuseBlockedAddress(ip);
    try {
      res.locals.caller = await basic.authenticate(req.headers.authorization);
    } catch (err) {
      if (err instanceof AuthenticationError) {
        const parsed = parseBasicAuth(req.headers.authorization);
        // Past the limit this answers 429 instead of the 401.
        if (parsed.ok || parsed.problem !== 'missing') await limits.recordAuthFailure(ip);
      }
      throw err;
    }
    const caller = callerOf(res);
    if (caller.kind === 'client') await limits.checkAuthenticated(ip, caller.clientId);
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
