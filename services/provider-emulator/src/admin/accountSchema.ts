import { Joi } from '@datasync/config';
import { MAX_GENERATED } from '../core/timeline';
import { faultPatchSchema } from '../kit/faults/faultSettings';
import { countries } from '../generators/pools';
import { generatedResources } from '../generators/resourceNames';
import { ABSENT_ROUTES, type AbsentRoute } from '../state/absentRoutes';
import { RESTRICTABLE, type Restrictable } from '../state/restrictable';
import { apiVersionSchema } from '../versions/eventSettings';

const objectCounts = Joi.object(
  Object.fromEntries(generatedResources.map((name) => [name, Joi.number().integer().min(0).max(MAX_GENERATED)])),
);

/** Body of `POST /_emulator/accounts`. */
export const newAccountSchema = faultPatchSchema.keys({
  objects: objectCounts,
  seed: Joi.string().min(1).max(200),
  country: Joi.string().valid(...countries),
  business_name: Joi.string().min(1).max(100),
  end: Joi.number().integer().min(0),
  history_days: Joi.number().integer().min(1).max(3650),
  // The account's own `created` (a connection time later than its oldest objects), or null for none.
  created: Joi.number().integer().min(0).allow(null),
  connected_to: Joi.string().pattern(/^acct_[A-Za-z0-9]+$/),
  // The account's default API version, which its events are rendered in (default: the pinned one).
  api_version: apiVersionSchema,
  // Permissions the account's restricted key lacks (Stripe's per-resource "None"): its requests there get Stripe's 403.
  restricted_key_without: Joi.array()
    .items(Joi.string().valid(...RESTRICTABLE))
    .unique(),
  // Routes the account's server lacks (state/absentRoutes.ts): answered 404 as an unknown URL.
  routes_absent: Joi.array()
    .items(Joi.string().valid(...ABSENT_ROUTES))
    .unique(),
});

export interface NewAccountBody {
  objects?: Record<string, number>;
  seed?: string;
  country?: string;
  business_name?: string;
  end?: number;
  history_days?: number;
  created?: number | null;
  connected_to?: string;
  api_version?: string;
  restricted_key_without?: Restrictable[];
  routes_absent?: AbsentRoute[];
  rate_limit?: number | null;
  throttle_rate?: number | null;
  error_rate?: number | null;
  reset_rate?: number | null;
  latency_ms?: number | { min: number; max: number } | 'stripe' | null;
}
