/** A public app that portals install through OAuth (HubSpot's developer-account app). */
export interface OAuthApp {
  appId: number;
  name: string;
  clientId: string;
  clientSecret: string;
  /** Scopes the install grants when the authorize URL names none. */
  scopes: string[];
}

export interface AccessToken {
  token: string;
  portalId: number;
  appId: number;
  clientId: string;
  scopes: string[];
  userId: number;
  user: string;
  /** On the portal's clock, ms. */
  expiresAt: number;
  revoked: boolean;
}

export interface RefreshToken {
  token: string;
  portalId: number;
  appId: number;
  clientId: string;
  scopes: string[];
  userId: number;
  user: string;
  revoked: boolean;
}

/** HubSpot access tokens live 30 minutes (`expires_in: 1800`). */
export const ACCESS_TOKEN_TTL_SECONDS = 1800;
