import type { RedisClient } from './redisClient';
import { Joi } from '@datasync/config';
import type { Logger } from '@datasync/logger';
import { AttemptLimiter } from './attemptLimiter';

/**
 * The failed Basic-auth limit, shared by the Accounts API and config-service: both must use the
 * same prefix (and Redis), or guessing through one would not count against the other.
 */
export const failedAuthEnv = {
  API_REDIS_PREFIX: Joi.string()
    .pattern(/^[A-Za-z0-9_{}.:-]{1,64}$/)
    .default('datasync-api')
    .description('prefix of the rate-limit (and the Accounts API Idempotency-Key) entries in Redis; the same in every service'),
  RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: Joi.number()
    .integer()
    .min(1)
    .default(20)
    .description(
      'failed Basic authentications one client id may have from one client address per minute before that pair gets a 429 (failures naming no active client id count together per address)',
    ),
};

export interface FailedAuthConfig {
  API_REDIS_PREFIX: string;
  RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: number;
}

/** Dashboard sign-in limits (config-service): each attempt costs a deliberately slow password hash. */
export const passwordLimitsEnv = {
  LOGIN_FAILURES_PER_ACCOUNT: Joi.number()
    .integer()
    .min(1)
    .default(10)
    .description(
      'failed logins one email may have per LOGIN_FAILURE_WINDOW_MINUTES, from anywhere, before its logins get a 429 until the window ends',
    ),
  LOGIN_FAILURES_PER_ADDRESS: Joi.number()
    .integer()
    .min(1)
    .default(30)
    .description(
      'failed logins one client address may have per LOGIN_FAILURE_WINDOW_MINUTES before its logins get a 429 until the window ends',
    ),
  LOGIN_FAILURE_WINDOW_MINUTES: Joi.number()
    .min(0.1)
    .max(24 * 60)
    .default(15)
    .description('the window of the two login failure limits'),
  SIGNUPS_PER_ADDRESS_PER_HOUR: Joi.number()
    .integer()
    .min(1)
    .default(20)
    .description('sign-up attempts one client address may make per hour'),
  PASSWORD_HASH_CONCURRENCY: Joi.number()
    .integer()
    .min(1)
    .max(64)
    .default(2)
    .description(
      'password hashes (scrypt) computed at once per process, for logins and as many again for sign-ups; up to 25 times as many wait for each, more get a 429',
    ),
};

export interface PasswordLimitsConfig {
  LOGIN_FAILURES_PER_ACCOUNT: number;
  LOGIN_FAILURES_PER_ADDRESS: number;
  LOGIN_FAILURE_WINDOW_MINUTES: number;
  SIGNUPS_PER_ADDRESS_PER_HOUR: number;
  PASSWORD_HASH_CONCURRENCY: number;
}

export function failedBasicAuthLimiter(redis: RedisClient, config: FailedAuthConfig, logger: Logger): AttemptLimiter {
  return new AttemptLimiter(
    redis,
    config.API_REDIS_PREFIX,
    {
      name: 'authfail',
      windowMs: 60_000,
      max: config.RATE_LIMIT_AUTH_FAILURES_PER_MINUTE,
      message:
        'Too many failed authentication attempts with this client id from this address. Check the client credentials, then retry after the number of seconds in Retry-After.',
    },
    logger,
  );
}

export interface PasswordAttemptLimiters {
  loginPerAccount: AttemptLimiter;
  loginPerAddress: AttemptLimiter;
  signupPerAddress: AttemptLimiter;
}

export function passwordAttemptLimiters(
  redis: RedisClient,
  config: FailedAuthConfig & PasswordLimitsConfig,
  logger: Logger,
): PasswordAttemptLimiters {
  const windowMs = Math.round(config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000);
  const loginMessage = 'Too many failed logins. Retry after the number of seconds in Retry-After.';
  return {
    loginPerAccount: new AttemptLimiter(
      redis,
      config.API_REDIS_PREFIX,
      { name: 'loginfail:account', windowMs, max: config.LOGIN_FAILURES_PER_ACCOUNT, message: loginMessage },
      logger,
    ),
    loginPerAddress: new AttemptLimiter(
      redis,
      config.API_REDIS_PREFIX,
      { name: 'loginfail:address', windowMs, max: config.LOGIN_FAILURES_PER_ADDRESS, message: loginMessage },
      logger,
    ),
    signupPerAddress: new AttemptLimiter(
      redis,
      config.API_REDIS_PREFIX,
      {
        name: 'signup:address',
        windowMs: 3_600_000,
        max: config.SIGNUPS_PER_ADDRESS_PER_HOUR,
        message: 'Too many sign-ups from this address. Retry after the number of seconds in Retry-After.',
      },
      logger,
    ),
  };
}
