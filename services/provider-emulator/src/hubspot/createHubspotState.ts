import type { LatencySetting } from '../kit';
import { HubspotState } from './portal/hubspotState';
import { WebhookDispatcher } from './webhooks/webhookDispatcher';

export interface HubspotOptions {
  seed: string;
  historyDays: number;
  latency: LatencySetting;
  searchLagMs: number;
}

/**
 * Answer times like HubSpot's (it documents none; these are typical of api.hubapi.com from a
 * nearby region): 100–250 ms, plus 2 ms per record a page or batch asks for.
 */
export const HUBSPOT_LIKE_LATENCY: Readonly<LatencySetting> = { min: 100, max: 250, perItemMs: 2 };

/** HubSpot's search index trails writes by "a few moments" (search guide); the emulator's default. */
export const DEFAULT_SEARCH_LAG_MS = 3_000;

export function createHubspotState(options: HubspotOptions): HubspotState {
  const dispatcher = new WebhookDispatcher();
  const state = new HubspotState(
    {
      seed: options.seed,
      historyDays: options.historyDays,
      searchLagMs: options.searchLagMs,
      faults: { rate_limit: null, throttle_rate: 0, error_rate: 0, reset_rate: 0, latency_ms: { ...options.latency } },
    },
    dispatcher,
  );
  dispatcher.route({ installedApps: (portalId) => state.installedApps(portalId), webhooksOf: (clientId) => state.webhooks.get(clientId) });
  return state;
}
