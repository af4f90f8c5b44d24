import type { Request, RequestHandler, Response } from 'express';
import { ApiError, AuthenticationError, PermissionError } from '@datasync/errors';
import { clientAddress, type HttpMethod } from '@datasync/http';
import type { RouteAuth, SecurityRequirement } from '@datasync/openapi';
import type { BasicAuthenticator } from './basicAuth/basicAuth';
import type { Caller } from './caller';
import { SESSION_COOKIE, clearSessionCookie, readSessionCookie, type SessionCookieSettings } from './sessions/sessionCookie';
import type { SessionsService } from './sessions/sessions.service';
import { csrfTokenFor, csrfTokenMatches } from './sessions/sessionToken';

export const CSRF_HEADER = 'X-CSRF-Token';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const changesState = (method: string) => STATE_CHANGING.has(method.toUpperCase());

/** OpenAPI `components.securitySchemes` for the names the RouteAuth objects below use. */
export const authSecuritySchemes = {
  basicAuth: { type: 'http', scheme: 'basic', description: "the environment's CLIENT_ID:CLIENT_SECRET" },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'dashboard session, set by POST /signup and POST /login (named __Host-datasync_session in production)',
  },
  csrfToken: {
    type: 'apiKey',
    in: 'header',
    name: CSRF_HEADER,
    description: 'csrf_token of GET /session; required with the session cookie on POST, PUT, PATCH and DELETE',
  },
};

// A browser shown `WWW-Authenticate: Basic` pops up a password dialog over the dashboard;
// browsers announce themselves with Sec-Fetch-* headers, so they get a scheme they ignore.
function challenge(req: Request): Record<string, string> {
  return req.headers['sec-fetch-mode'] !== undefined ? { 'WWW-Authenticate': 'Session realm="datasync"' } : {};
}

function sessionError(code: string, message: string): ApiError {
  return new ApiError(401, 'authentication_error', message, { code, headers: { 'WWW-Authenticate': 'Session realm="datasync"' } });
}

const ADMIN_SCOPE_MESSAGE =
  'This client credential is for the Accounts API only. Managing keys, destinations, sources and syncs needs a dashboard session ' +
  'or a client credential created with the admin scope.';

const sessionSecurity = (method: HttpMethod): SecurityRequirement =>
  changesState(method) ? { sessionCookie: [], csrfToken: [] } : { sessionCookie: [] };
const errorStatuses = (method: HttpMethod) => (changesState(method) ? [401, 403] : [401]);

export interface Authenticators {
  /**
   * A dashboard session (CSRF enforced on POST/PUT/PATCH/DELETE) or Basic auth with an admin-scoped
   * credential (an Accounts API credential gets a 403); sets res.locals.caller.
   */
  authenticate: RouteAuth;
  /** A dashboard session only: sign-out, the session itself, the environment switcher. */
  requireSession: RouteAuth;
  /** Basic auth only (the public API). */
  requireBasic: RouteAuth;
}

export function createAuthenticators(deps: {
  basic: BasicAuthenticator;
  sessions: SessionsService;
  cookie: SessionCookieSettings;
}): Authenticators {
  const { basic, sessions, cookie } = deps;

  const fromSession = async (req: Request, res: Response, token: string): Promise<Caller> => {
    const session = await sessions.resolve(token);
    if (!session) {
      clearSessionCookie(res, cookie);
      throw sessionError('session_expired', 'Your session has expired or was logged out. Log in again.');
    }
    if (changesState(req.method) && !csrfTokenMatches(token, req.get(CSRF_HEADER))) {
      throw new PermissionError(
        `Missing or invalid CSRF token. Send the csrf_token of GET /api/v1/session in the ${CSRF_HEADER} header.`,
        'csrf_token_invalid',
      );
    }
    res.locals.csrfToken = csrfTokenFor(token);
    res.locals.sessionToken = token;
    return {
      kind: 'session',
      environmentId: session.environmentId,
      organizationId: session.organizationId,
      userId: session.userId,
      sessionId: session.id,
    };
  };

  const either: RequestHandler = async (req, res, next) => {
    // An Authorization header means an API client: its Basic credentials decide, whatever cookies came along.
    if (req.headers.authorization !== undefined) {
      const caller = await basic.authenticate(req.headers.authorization, clientAddress(req));
      // Least privilege: the key an integrator's backend holds for the Accounts API must not be
      // able to mint keys or point a destination at someone else's server.
      if (caller.scope !== 'admin') throw new PermissionError(ADMIN_SCOPE_MESSAGE, 'insufficient_scope');
      res.locals.caller = caller;
      return next();
    }
    const token = readSessionCookie(req.headers.cookie, cookie);
    if (token === undefined) {
      const error = new AuthenticationError('Log in to the dashboard, or send Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET).');
      Object.assign(error.headers, challenge(req));
      throw error;
    }
    res.locals.caller = await fromSession(req, res, token);
    next();
  };

  const sessionOnly: RequestHandler = async (req, res, next) => {
    const token = readSessionCookie(req.headers.cookie, cookie);
    if (token === undefined) throw sessionError('session_required', 'This call needs a dashboard session. Log in first.');
    res.locals.caller = await fromSession(req, res, token);
    next();
  };

  return {
    authenticate: { middleware: either, security: (m) => [{ basicAuth: [] }, sessionSecurity(m)], errorStatuses: () => [401, 403, 429] },
    requireSession: { middleware: sessionOnly, security: (m) => [sessionSecurity(m)], errorStatuses },
    requireBasic: { middleware: basic.middleware, security: () => [{ basicAuth: [] }], errorStatuses: () => [401] },
  };
}
