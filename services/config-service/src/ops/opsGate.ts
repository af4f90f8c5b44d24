import type { Request, RequestHandler } from 'express';
import { readSessionCookie, type Auth } from '@datasync/auth';
import { PermissionError } from '@datasync/errors';
import { isAllowedChange } from './opsActions';
import type { OpsRole, OpsRoles } from './opsRoles';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The queue-dashboard role of the request's dashboard session, if any; API keys never count. */
async function roleOfRequest(auth: Auth, roles: OpsRoles, req: Request): Promise<OpsRole | undefined> {
  const token = readSessionCookie(req.headers.cookie, auth.cookie);
  if (token === undefined) return undefined;
  const session = await auth.sessions.resolve(token);
  if (!session) return undefined;
  const { user } = await auth.users.describe({
    kind: 'session',
    sessionId: session.id,
    userId: session.userId,
    environmentId: session.environmentId,
    organizationId: session.organizationId,
  });
  return roles.roleOf(user.email);
}

/**
 * Lets operators and viewers in and sets `res.locals.opsRole`. Everyone else (anonymous, an
 * expired session, a tenant's session, an API key) leaves this router untouched, so the app's
 * own 404 answers exactly as for a path that does not exist: the page is not disclosed.
 *
 * bull-board's UI cannot send the CSRF token, so its writes are guarded the way login is: the
 * session cookie is SameSite=Lax (no cross-site PUT or POST carries it), bull-board's bodies are
 * JSON (a cross-origin fetch needs a preflight this service never grants), and a browser that
 * says the request came from another site, even a sibling subdomain, is refused.
 */
export function opsGate(auth: Auth, roles: OpsRoles): RequestHandler {
  return async (req, res, next) => {
    const role = await roleOfRequest(auth, roles, req);
    if (!role) return next('router');
    if (!SAFE_METHODS.has(req.method)) {
      const site = req.headers['sec-fetch-site'];
      if (site === 'cross-site' || site === 'same-site') {
        throw new PermissionError('Requests from other sites cannot change the queues.', 'cross_site_request');
      }
      // bull-board's read-only mode refuses per queue; this refuses every write, board-wide ones too.
      if (role !== 'operator') throw new PermissionError('The queue dashboard is read-only for viewers.', 'ops_read_only');
      if (!isAllowedChange(req.method, req.path)) {
        throw new PermissionError(
          'Operators may retry, promote and clean jobs and pause or resume queues here, nothing else.',
          'ops_action_not_allowed',
        );
      }
    }
    res.locals.opsRole = role;
    next();
  };
}
