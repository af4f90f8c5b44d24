import type { FaultSettings } from '../../kit';
import type { AccessToken, OAuthApp, RefreshToken } from '../auth/oauthModel';
import type { WebhookDispatcher } from '../webhooks/webhookDispatcher';
import { applyCommand } from './applyCommand';
import type { AppWebhooks, HubspotCommand } from './commands';
import type { Portal } from './portal';
import type { HubspotStateMaps } from './stateMaps';

export interface HubspotSettings {
  seed: string;
  /** Default delay before a change reaches search. */
  searchLagMs: number;
  historyDays: number;
  faults: FaultSettings;
}

/** The HubSpot emulator's whole state: portals, apps, tokens; changed only through `apply`. */
export class HubspotState implements HubspotStateMaps {
  readonly portals = new Map<number, Portal>();
  readonly serviceKeys = new Map<string, Portal>();
  readonly apps = new Map<string, OAuthApp>();
  readonly webhooks = new Map<string, AppWebhooks>();
  readonly accessTokens = new Map<string, AccessToken>();
  readonly refreshTokens = new Map<string, RefreshToken>();
  /** Portal id → client ids of the apps installed in it. */
  readonly installs = new Map<number, Set<string>>();
  globalFaults: FaultSettings;
  /** Portals created without a seed so far: the n-th gets `<seed>:hubspot:<n>`. */
  sequence = 0;
  /** Receives every command applied (the journal), when the state is kept on disk. */
  onApplied: ((command: HubspotCommand) => void) | undefined;
  private replaying = false;

  constructor(
    readonly settings: HubspotSettings,
    readonly dispatcher: WebhookDispatcher,
  ) {
    this.globalFaults = settings.faults;
  }

  /** Applies a change, journals it and raises its webhooks (not while replaying a journal). */
  apply<C extends HubspotCommand>(command: C): ReturnType<typeof applyCommand> {
    const result = applyCommand(this, command);
    this.onApplied?.(command);
    if (!this.replaying) for (const batch of result.events) this.dispatcher.raise(batch.portalId, batch.events);
    return result;
  }

  replay(command: HubspotCommand): void {
    this.replaying = true;
    try {
      this.apply(command);
    } finally {
      this.replaying = false;
    }
  }

  portal(id: number): Portal | undefined {
    return this.portals.get(id);
  }

  app(clientId: string): OAuthApp | undefined {
    return this.apps.get(clientId);
  }

  appById(appId: number): OAuthApp | undefined {
    for (const app of this.apps.values()) if (app.appId === appId) return app;
    return undefined;
  }

  installedApps(portalId: number): OAuthApp[] {
    return [...(this.installs.get(portalId) ?? [])]
      .map((clientId) => this.apps.get(clientId))
      .filter((a): a is OAuthApp => a !== undefined);
  }
}
