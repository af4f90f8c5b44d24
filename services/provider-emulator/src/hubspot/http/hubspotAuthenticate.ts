import type { RequestHandler } from 'express';
import type { HubspotState } from '../portal/hubspotState';
import { setHubspotContext } from './hubspotContext';
import { hubspotErrors } from './hubspotErrors';

/** The bearer token of a request (`Authorization: Bearer <token>`). */
export function bearerOf(header: string | undefined): string | undefined {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Private-app / service-key tokens never expire; OAuth access tokens expire 30 minutes after they
 * are issued, on the portal's clock (401 EXPIRED_AUTHENTICATION), and die when the app is
 * uninstalled. Anything else is 401 INVALID_AUTHENTICATION.
 */
export function hubspotAuthenticate(state: HubspotState): RequestHandler {
  return (req, res, next) => {
    const token = bearerOf(req.get('authorization'));
    if (!token) return next(hubspotErrors.missingCredentials());
    const keyPortal = state.serviceKeys.get(token);
    if (keyPortal) {
      setHubspotContext(res, { portal: keyPortal, app: 'service-key', oauth: false });
      return next();
    }
    const access = state.accessTokens.get(token);
    const portal = access && state.portal(access.portalId);
    if (!access || !portal || access.revoked) return next(hubspotErrors.invalidCredentials());
    const now = portal.now();
    if (now >= access.expiresAt) return next(hubspotErrors.expiredToken(now - access.expiresAt));
    setHubspotContext(res, { portal, app: access.clientId, oauth: true });
    next();
  };
}
