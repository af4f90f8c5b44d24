import { Joi, commonEnv, loadConfig } from '@datasync/config';
import { STRIPE_LIKE_LATENCY, type LatencySetting } from './kit/faults/latencyModel';
import { DEFAULT_SEARCH_LAG_MS, HUBSPOT_LIKE_LATENCY } from './hubspot/createHubspotState';
import { isResourceName } from './generators/resourceNames';

export interface EmulatorConfig {
  NODE_ENV: 'development' | 'production' | 'test';
  LOG_LEVEL: string;
  PORT: number;
  HOST: string;
  EMULATOR_SEED: string;
  EMULATOR_DEFAULT_OBJECTS: Readonly<Record<string, number>>;
  EMULATOR_HISTORY_DAYS: number;
  EMULATOR_RATE_LIMIT: number;
  EMULATOR_LATENCY_MS: LatencySetting;
  EMULATOR_EVENT_RETENTION_DAYS: number;
  EMULATOR_STATE_DIR?: string;
  EMULATOR_HUBSPOT_LATENCY_MS: LatencySetting;
  EMULATOR_HUBSPOT_SEARCH_LAG_MS: number;
}

// Joi does not run custom conversions on defaults, so the defaults are given converted.
const DEFAULT_OBJECTS: Record<string, number> = {
  charges: 2000,
  customers: 300,
  refunds: 100,
  payment_intents: 2000,
  invoices: 600,
  subscriptions: 200,
  balance_transactions: 2000,
  disputes: 10,
  payouts: 60,
  products: 20,
  prices: 40,
  coupons: 10,
};

// "charges=1000,customers=50" or one number for every resource ("1000").
const objectCounts = Joi.string().custom((value: string, helpers) => {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return { '*': Number(trimmed) };
  const counts: Record<string, number> = {};
  for (const part of trimmed.split(',')) {
    const match = /^\s*([a-z_]+)\s*=\s*(\d+)\s*$/.exec(part);
    if (!match?.[1] || !match[2]) return helpers.message({ custom: 'must be a number or a list like "charges=1000,customers=50"' });
    if (!isResourceName(match[1])) return helpers.message({ custom: `names an unknown resource "${match[1]}"` });
    counts[match[1]] = Number(match[2]);
  }
  return counts;
});

// "25" (fixed), "10-50" (uniform range), milliseconds, or "stripe" / "hubspot" (that provider's times).
const latency = Joi.string().custom((value: string, helpers) => {
  if (value.trim() === 'stripe') return { ...STRIPE_LIKE_LATENCY };
  if (value.trim() === 'hubspot') return { ...HUBSPOT_LIKE_LATENCY };
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(value);
  if (!match?.[1]) return helpers.message({ custom: 'must be "stripe", milliseconds ("25") or a range ("10-50")' });
  const min = Number(match[1]);
  const max = match[2] ? Number(match[2]) : min;
  if (max < min) return helpers.message({ custom: 'range must be "min-max" with min <= max' });
  return { min, max };
});

export const configSchema = {
  ...commonEnv,
  PORT: Joi.number().port().default(12111).description('port the emulator listens on'),
  HOST: Joi.string().default('0.0.0.0').description('interface the emulator listens on'),
  EMULATOR_SEED: Joi.string()
    .min(1)
    .default('datasync-emulator')
    .description('seed of all generated data: the same seed creates the same accounts, keys and objects'),
  EMULATOR_DEFAULT_OBJECTS: objectCounts
    .default(DEFAULT_OBJECTS)
    .description('objects per resource of an account created without "objects": "charges=1000,customers=50" or one number for all'),
  EMULATOR_HISTORY_DAYS: Joi.number()
    .integer()
    .min(1)
    .max(3650)
    .default(365)
    .description('days of history generated objects are spread over, ending when the account is created'),
  EMULATOR_RATE_LIMIT: Joi.number()
    .min(0)
    .default(0)
    .description('default requests per second per account before 429 (0: unlimited; Stripe test mode allows 25)'),
  EMULATOR_LATENCY_MS: latency
    .default({ ...STRIPE_LIKE_LATENCY })
    .description(
      'default delay before every /v1 answer: "stripe" (like Stripe: retrieves 80-200 ms, a list page of 100 380-500 ms), "25" or a range "10-50"',
    ),
  EMULATOR_EVENT_RETENTION_DAYS: Joi.number()
    .integer()
    .min(1)
    .default(30)
    .description('how far back /v1/events reaches, like Stripe (30 days)'),
  EMULATOR_STATE_DIR: Joi.string().description(
    'folder where accounts, keys, changed objects, events and clocks are kept across restarts; unset ⇒ in memory only',
  ),
  EMULATOR_HUBSPOT_LATENCY_MS: latency
    .default({ ...HUBSPOT_LIKE_LATENCY })
    .description(
      'default delay before every HubSpot API answer: "hubspot" (100-250 ms plus 2 ms per record asked for), "25" or a range "10-50"',
    ),
  EMULATOR_HUBSPOT_SEARCH_LAG_MS: Joi.number()
    .integer()
    .min(0)
    .default(DEFAULT_SEARCH_LAG_MS)
    .description('default delay before a HubSpot change is visible to search (HubSpot: "a few moments"); per portal through the admin API'),
};

export function loadEmulatorConfig(env: NodeJS.ProcessEnv = process.env): Readonly<EmulatorConfig> {
  return loadConfig<EmulatorConfig>('provider-emulator', configSchema, env);
}
