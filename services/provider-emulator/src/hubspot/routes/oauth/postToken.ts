import { ACCESS_TOKEN_TTL_SECONDS } from '../../auth/oauthModel';
import type { AuthorizationCodes } from '../../auth/authorizationCodes';
import { issueTokens } from '../../auth/tokenIssuer';
import { OAuthV1Error } from '../../http/hubspotErrors';
import type { HubspotState } from '../../portal/hubspotState';
import type { HubspotRoute } from '../hubspotRoute';

function field(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/**
 * `POST /oauth/v1/token` (form body): `authorization_code` (code, redirect_uri) or
 * `refresh_token`, with the app's client_id and client_secret. Answers `{token_type, refresh_token,
 * access_token, expires_in: 1800}`; errors are OAuth v1's `{status: "BAD_…", message}` with 400.
 * The refresh token stays the same across refreshes until the app is uninstalled.
 */
export function postTokenRoute(state: HubspotState, codes: AuthorizationCodes): HubspotRoute {
  return {
    method: 'post',
    path: '/oauth/v1/token',
    handler: (req, res) => {
      const grantType = field(req.body, 'grant_type');
      if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
        throw new OAuthV1Error('BAD_GRANT_TYPE', 'grant_type must be authorization_code or refresh_token');
      }
      const app = state.app(field(req.body, 'client_id'));
      if (!app) throw new OAuthV1Error('BAD_CLIENT_ID', 'missing or unknown client id');
      if (field(req.body, 'client_secret') !== app.clientSecret)
        throw new OAuthV1Error('BAD_CLIENT_SECRET', 'missing or invalid client secret');
      if (grantType === 'authorization_code') {
        const grant = codes.redeem(field(req.body, 'code'));
        if (!grant || grant.clientId !== app.clientId) throw new OAuthV1Error('BAD_AUTH_CODE', 'missing or invalid auth code');
        if (grant.redirectUri !== field(req.body, 'redirect_uri'))
          throw new OAuthV1Error('BAD_REDIRECT_URI', 'redirect_uri does not match the one used to authorize');
        const portal = state.portal(grant.portalId);
        if (!portal) throw new OAuthV1Error('BAD_AUTH_CODE', 'missing or invalid auth code');
        const { access, refresh } = issueTokens(state, app, portal, grant.scopes);
        res.json({ token_type: 'bearer', refresh_token: refresh.token, access_token: access.token, expires_in: ACCESS_TOKEN_TTL_SECONDS });
        return;
      }
      const refresh = state.refreshTokens.get(field(req.body, 'refresh_token'));
      const portal = refresh && state.portal(refresh.portalId);
      if (!refresh || refresh.revoked || refresh.clientId !== app.clientId || !portal) {
        throw new OAuthV1Error('BAD_REFRESH_TOKEN', 'missing or invalid refresh token');
      }
      const { access } = issueTokens(state, app, portal, refresh.scopes, refresh);
      res.json({ token_type: 'bearer', refresh_token: refresh.token, access_token: access.token, expires_in: ACCESS_TOKEN_TTL_SECONDS });
    },
  };
}
