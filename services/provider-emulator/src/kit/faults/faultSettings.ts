import { Joi } from '@datasync/config';
import { STRIPE_LIKE_LATENCY, type LatencySetting } from './latencyModel';

/** What the emulator does to requests on purpose, globally or for one account. */
export interface FaultSettings {
  /** Requests per second per account; null: unlimited. Excess requests get 429. */
  rate_limit: number | null;
  /** Share of requests answered 429 at random, on top of the rate limit. */
  throttle_rate: number;
  /** Share of requests answered 500 `api_error`. */
  error_rate: number;
  /** Share of requests whose connection is destroyed without an answer. */
  reset_rate: number;
  /** Delay before answering, drawn uniformly from [min, max], plus `perItemMs` per list item requested. */
  latency_ms: LatencySetting;
}

/** Per-account overrides; a field set to null falls back to the global setting. */
export type FaultOverrides = { [K in keyof FaultSettings]?: FaultSettings[K] | null };

export const noFaults: FaultSettings = { rate_limit: null, throttle_rate: 0, error_rate: 0, reset_rate: 0, latency_ms: { min: 0, max: 0 } };

const ratio = Joi.number().min(0).max(1);
const latency = Joi.alternatives(
  Joi.number().integer().min(0).max(60_000),
  Joi.string().valid('stripe'),
  Joi.object({
    min: Joi.number().integer().min(0).max(60_000).required(),
    max: Joi.number().integer().min(Joi.ref('min')).max(60_000).required(),
  }),
);

/** The admin body that changes faults: every field optional, null clears an account override. */
export const faultPatchSchema = Joi.object({
  rate_limit: Joi.number().positive().max(100_000).allow(null),
  throttle_rate: ratio.allow(null),
  error_rate: ratio.allow(null),
  reset_rate: ratio.allow(null),
  latency_ms: latency.allow(null),
});

/** `latency_ms` as the API accepts it (a number, a range, or `stripe` for Stripe-like times) in its stored form. */
export function latencyRange(value: number | { min: number; max: number } | 'stripe'): LatencySetting {
  if (value === 'stripe') return { ...STRIPE_LIKE_LATENCY };
  return typeof value === 'number' ? { min: value, max: value } : value;
}

export function effectiveFaults(global: FaultSettings, overrides: FaultOverrides): FaultSettings {
  return {
    rate_limit: overrides.rate_limit === undefined ? global.rate_limit : overrides.rate_limit,
    throttle_rate: overrides.throttle_rate ?? global.throttle_rate,
    error_rate: overrides.error_rate ?? global.error_rate,
    reset_rate: overrides.reset_rate ?? global.reset_rate,
    latency_ms: overrides.latency_ms ?? global.latency_ms,
  };
}
