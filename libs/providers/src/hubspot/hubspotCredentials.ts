import type { Logger } from '@datasync/logger';
import type { RetryPolicy } from '../config';
import type { AccessTokenSource } from './hubspotClient';
import { HubspotTokens, type OAuthApp, type TokenStore } from './hubspotTokens';

/**
 * HubSpot credential kinds: a static token (a service key or a legacy private-app token, which
 * do not expire) or an OAuth app install (its refresh token; access tokens live 30 minutes).
 */
export type HubspotCredential =
  | { kind: 'access_token'; token: string }
  | { kind: 'oauth_refresh_token'; refreshToken: string; accessToken?: { token: string; expiresAt: number } };

export interface TokenSourceOptions {
  baseUrl: string;
  /** The integrator's app, for installs. */
  app?: OAuthApp;
  /** Told when HubSpot rotates an install's refresh token. */
  store?: TokenStore;
  timeoutMs: number;
  retry: RetryPolicy;
  logger: Logger;
  now?: () => number;
}

/** Whom HubSpot counts a request against in its ten-second window: the app (per portal), or the key. */
export function appKeyOf(credential: HubspotCredential, app?: OAuthApp): string {
  return credential.kind === 'oauth_refresh_token' ? `app:${app?.clientId ?? 'unknown'}` : 'static-token';
}

export function tokenSource(credential: HubspotCredential, options: TokenSourceOptions): AccessTokenSource {
  if (credential.kind === 'access_token') return { accessToken: () => Promise.resolve(credential.token) };
  if (!options.app || !options.store) throw new Error('an OAuth install needs the app (client id and secret) and a token store');
  return new HubspotTokens({
    baseUrl: options.baseUrl,
    app: options.app,
    refreshToken: credential.refreshToken,
    accessToken: credential.accessToken,
    store: options.store,
    timeoutMs: options.timeoutMs,
    retry: options.retry,
    logger: options.logger,
    now: options.now,
  });
}
