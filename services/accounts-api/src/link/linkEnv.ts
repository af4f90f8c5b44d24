import { Joi } from '@datasync/config';

/** The Link page's variables, spread into accounts-api's configSchema (config.ts reads the environment). */
export const linkEnv = {
  // Required in production: taken from the request, the origin is the Host header's, which a
  // caller chooses, and a Link URL or OAuth callback built on it can point at another site.
  LINK_PUBLIC_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .when('NODE_ENV', { is: 'production', then: Joi.required() })
    .messages({ 'any.required': 'is required when NODE_ENV=production' })
    .description(
      'origin at which browsers reach accounts-api (Link URLs and the OAuth callback are built on it); required when NODE_ENV=production; ' +
        'unset: the origin of the request that creates the link session, which only suits development',
    ),
  LINK_SESSION_TTL_MINUTES: Joi.number()
    .integer()
    .min(1)
    .max(24 * 60)
    .default(30)
    .description('how long a Link URL stays valid after POST /link_sessions'),
  LINK_KEY_ATTEMPTS: Joi.number()
    .integer()
    .min(1)
    .max(100)
    .default(5)
    .description('keys the Link page may refuse on one link; the refusal that reaches it revokes the link, and a new one is needed'),
  LINK_KEY_FAILURES_PER_ADDRESS_PER_HOUR: Joi.number()
    .integer()
    .min(1)
    .default(20)
    .description('keys the Link page may refuse from one client address per hour, across links, before that address gets a 429 page'),
  PROVIDER_STRIPE_CONNECT_URL: Joi.string()
    .uri({ scheme: ['http', 'https'] })
    .description(
      "base URL of Stripe Connect's OAuth (authorize page and token exchange); unset: https://connect.stripe.com " +
        'with the real API, else PROVIDER_STRIPE_BASE_URL (the emulator serves both)',
    ),
};

export interface LinkEnv {
  NODE_ENV: string;
  LINK_PUBLIC_URL?: string;
  LINK_SESSION_TTL_MINUTES: number;
  LINK_KEY_ATTEMPTS: number;
  LINK_KEY_FAILURES_PER_ADDRESS_PER_HOUR: number;
  PROVIDER_STRIPE_CONNECT_URL?: string;
  PROVIDER_STRIPE_BASE_URL: string;
  PROVIDER_TIMEOUT_MS: number;
}

export interface LinkSettings {
  /** Without a trailing slash; undefined: take the creating request's origin. */
  publicUrl?: string;
  ttlMs: number;
  /** Keys refused on one link before it is revoked. */
  keyAttempts: number;
  /** Keys refused from one client address per hour, across links. */
  keyFailuresPerAddressPerHour: number;
  /** OAuth base URL per provider. */
  connectUrls: Record<string, string>;
  /** http return URLs on localhost are for development and tests, never production. */
  allowHttpLocalhost: boolean;
  /** The OAuth state cookie is Secure in production, where pages are served over HTTPS. */
  secureCookies: boolean;
  providerTimeoutMs: number;
}

const STRIPE_API = 'https://api.stripe.com';
const STRIPE_CONNECT = 'https://connect.stripe.com';

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function linkSettings(env: LinkEnv): LinkSettings {
  const stripeConnect =
    env.PROVIDER_STRIPE_CONNECT_URL ??
    (trimSlash(env.PROVIDER_STRIPE_BASE_URL) === STRIPE_API ? STRIPE_CONNECT : env.PROVIDER_STRIPE_BASE_URL);
  const production = env.NODE_ENV === 'production';
  return {
    publicUrl: env.LINK_PUBLIC_URL === undefined ? undefined : trimSlash(env.LINK_PUBLIC_URL),
    ttlMs: env.LINK_SESSION_TTL_MINUTES * 60_000,
    keyAttempts: env.LINK_KEY_ATTEMPTS,
    keyFailuresPerAddressPerHour: env.LINK_KEY_FAILURES_PER_ADDRESS_PER_HOUR,
    connectUrls: { stripe: trimSlash(stripeConnect) },
    allowHttpLocalhost: !production,
    secureCookies: production,
    providerTimeoutMs: env.PROVIDER_TIMEOUT_MS,
  };
}
