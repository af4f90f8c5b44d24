import { Joi } from '@datasync/config';

/** Dashboard-session and Basic-auth settings. Spread into a service's config schema, like dbEnv. */
export const authEnv = {
  SESSION_TTL_HOURS: Joi.number()
    .min(0.01)
    .max(24 * 30)
    .default(24)
    .description('absolute lifetime of a dashboard session in hours'),
  SESSION_IDLE_MINUTES: Joi.number()
    .min(1)
    .max(24 * 60)
    .default(120)
    .description('a dashboard session unused this many minutes ends'),
  BASIC_AUTH_CACHE_SECONDS: Joi.number()
    .min(0)
    .max(10)
    .default(5)
    .description(
      'how long a verified client credential is remembered per process (0 = never); a revocation elsewhere takes effect within it',
    ),
};

export interface AuthEnvConfig {
  SESSION_TTL_HOURS: number;
  SESSION_IDLE_MINUTES: number;
  BASIC_AUTH_CACHE_SECONDS: number;
}
