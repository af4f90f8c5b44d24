import { randomBytes, randomUUID } from 'node:crypto';
import type { Portal } from '../portal/portal';
import type { HubspotState } from '../portal/hubspotState';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessToken, type OAuthApp, type RefreshToken } from './oauthModel';

export function portalUser(portal: Portal): { userId: number; user: string } {
  return { userId: portal.owners[0]?.userId ?? 1, user: portal.owners[0]?.email ?? `admin@portal${portal.id}.example.com` };
}

/** A new access token (30 minutes on the portal's clock), with a new refresh token unless one is given. */
export function issueTokens(
  state: HubspotState,
  app: OAuthApp,
  portal: Portal,
  scopes: string[],
  refresh?: RefreshToken,
): { access: AccessToken; refresh: RefreshToken } {
  const who = portalUser(portal);
  // Shaped like HubSpot's: opaque, region-prefixed, well under the 300 characters it allows.
  const access: AccessToken = {
    token: `CO${randomBytes(96).toString('base64url')}`,
    portalId: portal.id,
    appId: app.appId,
    clientId: app.clientId,
    scopes,
    ...who,
    expiresAt: portal.now() + ACCESS_TOKEN_TTL_SECONDS * 1000,
    revoked: false,
  };
  const newRefresh: RefreshToken | null = refresh
    ? null
    : {
        token: `na1-${randomUUID().slice(0, 4)}-${randomUUID()}`,
        portalId: portal.id,
        appId: app.appId,
        clientId: app.clientId,
        scopes,
        ...who,
        revoked: false,
      };
  state.apply({ op: 'issue_tokens', access, refresh: newRefresh });
  return { access, refresh: refresh ?? (newRefresh as RefreshToken) };
}
