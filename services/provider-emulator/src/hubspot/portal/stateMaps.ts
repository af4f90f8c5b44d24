import type { AccessToken, OAuthApp, RefreshToken } from '../auth/oauthModel';
import type { AppWebhooks } from './commands';
import type { Portal } from './portal';

/**
 * What a command changes: the maps of the emulator's HubSpot state (HubspotState holds them).
 * Its own type, so that applying a command does not import the class that applies it.
 */
export interface HubspotStateMaps {
  readonly settings: { searchLagMs: number };
  readonly portals: Map<number, Portal>;
  readonly serviceKeys: Map<string, Portal>;
  readonly apps: Map<string, OAuthApp>;
  readonly webhooks: Map<string, AppWebhooks>;
  readonly accessTokens: Map<string, AccessToken>;
  readonly refreshTokens: Map<string, RefreshToken>;
  /** Portal id → client ids of the apps installed in it. */
  readonly installs: Map<number, Set<string>>;
  portal(id: number): Portal | undefined;
}
