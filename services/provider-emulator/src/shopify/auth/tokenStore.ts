import { randomBytes } from 'node:crypto';

/** Expiring offline tokens live 60 minutes (`expires_in: 3600`). */
export const ACCESS_TOKEN_SECONDS = 3_600;
/** How long an unused refresh token stays good (the emulator's model: 90 days). */
export const REFRESH_TOKEN_SECONDS = 90 * 86_400;

export interface AccessGrant {
  shop: string;
  clientId: string;
  scope: string;
  /** Null: a non-expiring offline token (`expiring=0`). */
  expiresAt: number | null;
}

interface RefreshGrant {
  shop: string;
  clientId: string;
  scope: string;
  expiresAt: number;
  /** The refresh token this one replaced: refused from the moment this one is used. */
  replaces: string | null;
}

export interface IssuedTokens {
  access_token: string;
  scope: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

/**
 * Access and refresh tokens of installed apps. A refresh issues a new access token and a new
 * refresh token; the old refresh token keeps working until its replacement is first used
 * (Shopify's "more resilient refreshes", 2026-08-28), then it is refused.
 */
export class TokenStore {
  private readonly accessTokens = new Map<string, AccessGrant>();
  private readonly refreshTokens = new Map<string, RefreshGrant>();

  access(token: string): AccessGrant | undefined {
    return this.accessTokens.get(token);
  }

  issue(
    grant: { shop: string; clientId: string; scope: string },
    now: number,
    expiring: boolean,
    replaces: string | null = null,
  ): IssuedTokens {
    const access = `shpua_${randomBytes(16).toString('hex')}`;
    this.accessTokens.set(access, { ...grant, expiresAt: expiring ? now + ACCESS_TOKEN_SECONDS * 1000 : null });
    if (!expiring) return { access_token: access, scope: grant.scope };
    const refresh = `shprt_${randomBytes(24).toString('hex')}`;
    this.refreshTokens.set(refresh, { ...grant, expiresAt: now + REFRESH_TOKEN_SECONDS * 1000, replaces });
    return {
      access_token: access,
      scope: grant.scope,
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: refresh,
      refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
    };
  }

  /** Undefined when the refresh token is unknown, expired, or already replaced and its replacement used. */
  refresh(token: string, clientId: string, now: number): IssuedTokens | undefined {
    const grant = this.refreshTokens.get(token);
    if (!grant || grant.clientId !== clientId || grant.expiresAt <= now) return undefined;
    // Its predecessor is finished now that this one is in use.
    if (grant.replaces) this.refreshTokens.delete(grant.replaces);
    grant.replaces = null;
    return this.issue(grant, now, true, token);
  }

  /** Uninstalling: every token of the app on the shop stops working. */
  revoke(shop: string, clientId: string): void {
    for (const [token, grant] of this.accessTokens) if (grant.shop === shop && grant.clientId === clientId) this.accessTokens.delete(token);
    for (const [token, grant] of this.refreshTokens)
      if (grant.shop === shop && grant.clientId === clientId) this.refreshTokens.delete(token);
  }
}
