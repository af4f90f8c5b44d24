import { Joi } from '@datasync/config';
import { faultPatchSchema, hash3, hashString, latencyRange, type FaultOverrides } from '../../kit';
import { objectTypes, type ObjectType } from '../crm/objectTypes';
import { hubspotErrors } from '../http/hubspotErrors';
import type { HubspotState } from './hubspotState';
import type { Portal } from './portal';
import { isTimeZone } from './rateWindows';
import type { PortalLimits, Tier } from './portalSpec';

/** Records of a portal created without `objects`: small, so that tests stay fast. */
export const DEFAULT_PORTAL_OBJECTS: Readonly<Record<ObjectType, number>> = {
  contacts: 50,
  companies: 10,
  deals: 20,
  tickets: 10,
  products: 5,
  line_items: 20,
};

// Records live in memory (about 2 KB and 60 µs each to generate): 200,000 of a type is ~400 MB.
const MAX_PER_TYPE = 200_000;

/** The settings an admin may change later, as the API names them. */
export const portalSettingsKeys = {
  burst_limit: Joi.number().integer().min(1).max(100_000).allow(null),
  oauth_burst_limit: Joi.number().integer().min(1).max(100_000).allow(null),
  daily_limit: Joi.number().integer().min(1).max(100_000_000).allow(null),
  search_per_second: Joi.number().integer().min(1).max(1000),
  search_lag_ms: Joi.number().integer().min(0).max(3_600_000),
};

export const newPortalSchema = Joi.object({
  seed: Joi.string().min(1).max(200),
  name: Joi.string().min(1).max(200),
  time_zone: Joi.string().custom((value: string, helpers) =>
    isTimeZone(value) ? value : helpers.message({ custom: '{{#label}} must be an IANA time zone (like America/New_York)' }),
  ),
  tier: Joi.string().valid('free', 'starter', 'professional', 'enterprise'),
  objects: Joi.object(Object.fromEntries(objectTypes.map((t) => [t, Joi.number().integer().min(0).max(MAX_PER_TYPE)]))),
  owners: Joi.number().integer().min(0).max(1000),
  history_days: Joi.number().integer().min(1).max(3650),
  end: Joi.number().integer().min(0).description('end of the generated history, Unix ms'),
  ...portalSettingsKeys,
}).concat(faultPatchSchema);

export interface PortalSettingsBody {
  burst_limit?: number | null;
  oauth_burst_limit?: number | null;
  daily_limit?: number | null;
  search_per_second?: number;
  search_lag_ms?: number;
  rate_limit?: number | null;
  throttle_rate?: number | null;
  error_rate?: number | null;
  reset_rate?: number | null;
  latency_ms?: { min: number; max: number } | number | 'stripe' | null;
}

export interface NewPortalBody extends PortalSettingsBody {
  seed?: string;
  name?: string;
  time_zone?: string;
  tier?: Tier;
  objects?: Partial<Record<ObjectType, number>>;
  owners?: number;
  history_days?: number;
  end?: number;
}

/** Validates an admin body (unknown keys refused, every problem named) as HubSpot-style 400s. */
export function validateAdmin<T>(schema: Joi.ObjectSchema, body: unknown): T {
  const { value, error } = schema.validate(body ?? {}, { abortEarly: false, convert: true });
  if (error) throw hubspotErrors.validation(error.details.map((d) => d.message.replace(/"/g, "'")).join('; '));
  return value as T;
}

/** A HubSpot-looking id and key from the seed: the same seed gives the same portal. */
function identity(seedText: string): { portalId: number; serviceKey: string } {
  const seed = hashString(`hubspot:${seedText}`);
  const hex = (field: number, length: number) => hash3(seed, 0, field).toString(16).padStart(8, '0').slice(0, length);
  return {
    portalId: 10_000_000 + (hash3(seed, 0, 1) % 89_999_999),
    serviceKey: `pat-na1-${hex(2, 8)}-${hex(3, 4)}-${hex(4, 4)}-${hex(5, 4)}-${hex(6, 8)}${hex(7, 4)}`,
  };
}

export function portalSettingsOf(body: PortalSettingsBody): { limits: Partial<PortalLimits>; faults: FaultOverrides } {
  const limits: Partial<PortalLimits> = {};
  if (body.burst_limit !== undefined) limits.burstLimit = body.burst_limit;
  if (body.oauth_burst_limit !== undefined) limits.oauthBurstLimit = body.oauth_burst_limit;
  if (body.daily_limit !== undefined) limits.dailyLimit = body.daily_limit;
  if (body.search_per_second !== undefined) limits.searchPerSecond = body.search_per_second;
  if (body.search_lag_ms !== undefined) limits.searchLagMs = body.search_lag_ms;
  const faults: FaultOverrides = {};
  for (const key of ['throttle_rate', 'error_rate', 'reset_rate'] as const) if (body[key] !== undefined) faults[key] = body[key];
  if (body.latency_ms !== undefined) {
    const value = body.latency_ms;
    faults.latency_ms = value === null ? null : latencyRange(value);
  }
  return { limits, faults };
}

/** Creates a portal (generated records included) from an admin body. */
export function createPortal(state: HubspotState, body: NewPortalBody): Portal {
  let seedText = body.seed;
  if (seedText === undefined) {
    // After a restart the count starts again; ids already taken are skipped, never reused.
    do seedText = `${state.settings.seed}:hubspot:${++state.sequence}`;
    while (state.portal(identity(seedText).portalId));
  }
  const { portalId, serviceKey } = identity(seedText);
  if (state.portal(portalId)) throw hubspotErrors.validation(`a portal with seed "${seedText}" already exists`);
  const objects = body.objects ? { ...body.objects } : { ...DEFAULT_PORTAL_OBJECTS };
  const { portal } = state.apply({
    op: 'create_portal',
    spec: {
      portalId,
      seedText,
      name: body.name ?? `Emulated portal ${portalId}`,
      timeZone: body.time_zone ?? 'America/New_York',
      tier: body.tier ?? 'starter',
      serviceKey,
      objects,
      owners: body.owners ?? 3,
      end: body.end ?? Date.now(),
      historyDays: body.history_days ?? state.settings.historyDays,
    },
  });
  if (!portal) throw new Error('create_portal applied without a portal');
  const settings = portalSettingsOf(body);
  if (Object.keys(settings.limits).length > 0 || Object.keys(settings.faults).length > 0) {
    state.apply({ op: 'portal_settings', portalId, ...settings });
  }
  return portal;
}
