import type { AuthorizationCodes } from '../../auth/authorizationCodes';
import { hubspotConsentError, hubspotConsentPage } from '../../auth/consentPage';
import { createPortal } from '../../portal/createPortal';
import type { HubspotState } from '../../portal/hubspotState';
import type { HubspotRoute } from '../hubspotRoute';

function text(source: unknown, name: string): string {
  const value = (source as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

function validRedirect(uri: string): boolean {
  try {
    const url = new URL(uri);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * `GET /hubspot/oauth/authorize?client_id&redirect_uri&scope&state`: the emulator's stand-in for
 * HubSpot's install screen (app.hubspot.com/oauth/authorize), listing the portals to install into.
 */
export function getAuthorizeRoute(state: HubspotState): HubspotRoute {
  return {
    method: 'get',
    path: '/hubspot/oauth/authorize',
    handler: (req, res) => {
      const app = state.app(text(req.query, 'client_id'));
      const redirectUri = text(req.query, 'redirect_uri');
      if (!app) return void res.status(400).type('html').send(hubspotConsentError('Unknown client_id.'));
      if (!validRedirect(redirectUri))
        return void res.status(400).type('html').send(hubspotConsentError('redirect_uri must be an http(s) URL.'));
      const portals = [...state.portals.values()].map((p) => ({ id: p.id, name: p.spec.name }));
      const scope = text(req.query, 'scope') || app.scopes.join(' ');
      res
        .type('html')
        .send(
          hubspotConsentPage({ appName: app.name, clientId: app.clientId, redirectUri, state: text(req.query, 'state'), scope, portals }),
        );
    },
  };
}

/** `POST /hubspot/oauth/authorize` (the form): Connect → 303 to `redirect_uri?code=…&state=…`; Cancel → `?error=access_denied`. */
export function postAuthorizeRoute(state: HubspotState, codes: AuthorizationCodes): HubspotRoute {
  return {
    method: 'post',
    path: '/hubspot/oauth/authorize',
    handler: (req, res) => {
      const app = state.app(text(req.body, 'client_id'));
      const redirectUri = text(req.body, 'redirect_uri');
      if (!app || !validRedirect(redirectUri))
        return void res.status(400).type('html').send(hubspotConsentError('Unknown client_id or bad redirect_uri.'));
      const target = new URL(redirectUri);
      const stateParam = text(req.body, 'state');
      if (text(req.body, 'decision') !== 'approve') {
        target.searchParams.set('error', 'access_denied');
      } else {
        const chosen = text(req.body, 'portal');
        const portal = chosen ? state.portal(Number(chosen)) : createPortal(state, {});
        if (!portal) return void res.status(400).type('html').send(hubspotConsentError('Unknown account.'));
        const scopes = (text(req.body, 'scope') || app.scopes.join(' ')).split(/[\s+]+/).filter(Boolean);
        target.searchParams.set('code', codes.issue({ clientId: app.clientId, redirectUri, portalId: portal.id, scopes }));
      }
      if (stateParam) target.searchParams.set('state', stateParam);
      res.redirect(303, target.toString());
    },
  };
}
