import { Joi } from '@datasync/config';

/**
 * Environment of every process that talks to providers (loader, accounts-api, config-service).
 * Spread into the service's schema. The rate variables are the provider's documented limits
 * (Stripe: 100 req/s live, 25 req/s test, 25 req/s per endpoint); each source spends its own
 * share of them (`sources.rate_budget_percent`, default 50 %), because the quota belongs to the
 * integrator's customer and their own integration needs the rest (docs/queues.md, Rate budget).
 */
export const providerEnv = {
  PROVIDER_STRIPE_BASE_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .default('https://api.stripe.com')
    .description('Stripe API base URL; the provider emulator in development and tests'),
  PROVIDER_RATE_LIVE_PER_SECOND: Joi.number()
    .positive()
    .default(100)
    .description("provider's limit per live-mode account, all endpoints together (req/s); a source spends its rate_budget_percent of it"),
  PROVIDER_RATE_TEST_PER_SECOND: Joi.number()
    .positive()
    .default(25)
    .description("provider's limit per test-mode account, all endpoints together (req/s); a source spends its rate_budget_percent of it"),
  PROVIDER_RATE_ENDPOINT_PER_SECOND: Joi.number()
    .positive()
    .default(25)
    .description("provider's limit per account and endpoint (req/s); a source spends its rate_budget_percent of it"),
  PROVIDER_RATE_BURST_SECONDS: Joi.number()
    .positive()
    .default(1)
    .description('bucket size in seconds of budget: how large a burst an idle account allows'),
  PROVIDER_RATE_MAX_WAIT_MS: Joi.number()
    .integer()
    .min(0)
    .default(5000)
    .description('longest in-process wait for budget or a 429 before a job is delayed instead'),
  PROVIDER_RETRY_MAX_ATTEMPTS: Joi.number()
    .integer()
    .min(1)
    .default(6)
    .description('attempts per provider request on 429, 5xx and network errors'),
  PROVIDER_RETRY_BASE_MS: Joi.number()
    .integer()
    .min(1)
    .default(500)
    .description('first backoff delay; doubles per attempt, with full jitter'),
  PROVIDER_RETRY_MAX_MS: Joi.number().integer().min(1).default(20000).description('longest backoff delay between two attempts'),
  PROVIDER_TIMEOUT_MS: Joi.number().integer().min(100).default(30000).description('timeout of one provider request'),
};

export interface ProviderEnv {
  PROVIDER_STRIPE_BASE_URL: string;
  PROVIDER_RATE_LIVE_PER_SECOND: number;
  PROVIDER_RATE_TEST_PER_SECOND: number;
  PROVIDER_RATE_ENDPOINT_PER_SECOND: number;
  PROVIDER_RATE_BURST_SECONDS: number;
  PROVIDER_RATE_MAX_WAIT_MS: number;
  PROVIDER_RETRY_MAX_ATTEMPTS: number;
  PROVIDER_RETRY_BASE_MS: number;
  PROVIDER_RETRY_MAX_MS: number;
  PROVIDER_TIMEOUT_MS: number;
}

/** The provider's limits; a source's reads refill their buckets at its share of them. */
export interface BudgetLimits {
  livePerSecond: number;
  testPerSecond: number;
  endpointPerSecond: number;
  burstSeconds: number;
}

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface ProviderSettings {
  stripeBaseUrl: string;
  timeoutMs: number;
  budget: BudgetLimits;
  /** Past this wait (budget or Retry-After), a caller that delays jobs gets ProviderRateLimitedError. */
  maxWaitMs: number;
  retry: RetryPolicy;
}

export function providerSettings(env: ProviderEnv): ProviderSettings {
  return {
    stripeBaseUrl: env.PROVIDER_STRIPE_BASE_URL,
    timeoutMs: env.PROVIDER_TIMEOUT_MS,
    budget: {
      livePerSecond: env.PROVIDER_RATE_LIVE_PER_SECOND,
      testPerSecond: env.PROVIDER_RATE_TEST_PER_SECOND,
      endpointPerSecond: env.PROVIDER_RATE_ENDPOINT_PER_SECOND,
      burstSeconds: env.PROVIDER_RATE_BURST_SECONDS,
    },
    maxWaitMs: env.PROVIDER_RATE_MAX_WAIT_MS,
    retry: {
      maxAttempts: env.PROVIDER_RETRY_MAX_ATTEMPTS,
      baseDelayMs: env.PROVIDER_RETRY_BASE_MS,
      maxDelayMs: env.PROVIDER_RETRY_MAX_MS,
    },
  };
}
