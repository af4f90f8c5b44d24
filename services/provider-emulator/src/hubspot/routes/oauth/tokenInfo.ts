import { hubspotErrors, OAuthV1Error } from '../../http/hubspotErrors';
import type { HubspotState } from '../../portal/hubspotState';
import { param, type HubspotRoute } from '../hubspotRoute';

/**
 * `GET /oauth/v1/access-tokens/{token}`: the token's metadata (hub_id, app_id, scopes, user,
 * expires_in seconds left). How connectors learn the portal id of an OAuth install.
 */
export function getAccessTokenRoute(state: HubspotState): HubspotRoute {
  return {
    method: 'get',
    path: '/oauth/v1/access-tokens/:token',
    handler: (req, res) => {
      const access = state.accessTokens.get(param(req, 'token'));
      const portal = access && state.portal(access.portalId);
      if (!access || !portal || access.revoked) throw hubspotErrors.invalidCredentials();
      const now = portal.now();
      if (now >= access.expiresAt) throw hubspotErrors.expiredToken(now - access.expiresAt);
      res.json({
        token: access.token,
        user: access.user,
        hub_domain: `portal${portal.id}.example.com`,
        scopes: access.scopes,
        hub_id: portal.id,
        app_id: access.appId,
        expires_in: Math.floor((access.expiresAt - now) / 1000),
        user_id: access.userId,
        token_type: 'access',
      });
    },
  };
}

/** `GET /oauth/v1/refresh-tokens/{token}`: its metadata; a revoked or unknown one is BAD_REFRESH_TOKEN. */
export function getRefreshTokenRoute(state: HubspotState): HubspotRoute {
  return {
    method: 'get',
    path: '/oauth/v1/refresh-tokens/:token',
    handler: (req, res) => {
      const refresh = state.refreshTokens.get(param(req, 'token'));
      if (!refresh || refresh.revoked) throw new OAuthV1Error('BAD_REFRESH_TOKEN', 'missing or invalid refresh token', 404);
      res.json({
        token: refresh.token,
        user: refresh.user,
        hub_domain: `portal${refresh.portalId}.example.com`,
        scopes: refresh.scopes,
        hub_id: refresh.portalId,
        client_id: refresh.clientId,
        user_id: refresh.userId,
        token_type: 'refresh',
      });
    },
  };
}

/** `DELETE /oauth/v1/refresh-tokens/{token}`: 204; access tokens already issued keep working, as HubSpot documents. */
export function deleteRefreshTokenRoute(state: HubspotState): HubspotRoute {
  return {
    method: 'delete',
    path: '/oauth/v1/refresh-tokens/:token',
    handler: (req, res) => {
      const token = param(req, 'token');
      const refresh = state.refreshTokens.get(token);
      if (!refresh || refresh.revoked) throw new OAuthV1Error('BAD_REFRESH_TOKEN', 'missing or invalid refresh token', 404);
      state.apply({ op: 'delete_refresh_token', token });
      res.status(204).end();
    },
  };
}
