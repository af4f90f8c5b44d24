import type { ObjectType } from '../crm/objectTypes';

/** HubSpot subscription tiers, as far as API limits tell them apart (usage guidelines). */
export type Tier = 'free' | 'starter' | 'professional' | 'enterprise';

/** What a portal is built from: replaying it builds the same portal, generated records included. */
export interface PortalSpec {
  portalId: number;
  seedText: string;
  name: string;
  timeZone: string;
  tier: Tier;
  /** Private-app / service-key bearer token of the portal. */
  serviceKey: string;
  /** Records generated at creation, per type. */
  objects: Partial<Record<ObjectType, number>>;
  owners: number;
  /** End of the generated history (ms), and how many days it spans. */
  end: number;
  historyDays: number;
}

/** Limits and knobs a portal's admin settings change (null: the tier's default). */
export interface PortalLimits {
  /** Requests per 10-second rolling window per app (private app / service key). */
  burstLimit: number | null;
  /** The same for public OAuth apps (HubSpot: 110, whatever the tier). */
  oauthBurstLimit: number | null;
  dailyLimit: number | null;
  /** Search requests per second (HubSpot: 5). */
  searchPerSecond: number;
  /** How long a change takes to reach search. */
  searchLagMs: number;
}

/** Usage guidelines: per 10 s per app 100 (Free/Starter) or 190 (Professional/Enterprise); 110 for OAuth apps; daily per portal. */
export function tierBurstLimit(tier: Tier): number {
  return tier === 'professional' || tier === 'enterprise' ? 190 : 100;
}

export const OAUTH_BURST_LIMIT = 110;

export function tierDailyLimit(tier: Tier): number {
  if (tier === 'enterprise') return 1_000_000;
  if (tier === 'professional') return 625_000;
  return 250_000;
}
