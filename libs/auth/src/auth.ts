import type { MasterKey } from '@datasync/crypto';
import type { Knex } from '@datasync/db';
import type { Logger } from '@datasync/logger';
import type { RouteAuth } from '@datasync/openapi';
import type { AuthEnvConfig } from './authEnv';
import { createAuthenticators, type Authenticators } from './authenticate';
import { createBasicAuth, type BasicAuthenticator } from './basicAuth/basicAuth';
import { ClientCredentialsService } from './clientCredentials/clientCredentials.service';
import { ClientSecretHasher } from './clientCredentials/clientSecret';
import { EnvironmentsService } from './environments/environments.service';
import { failedBasicAuthLimiter, passwordAttemptLimiters, type FailedAuthConfig, type PasswordLimitsConfig } from './limits/authLimits';
import type { ScryptParams } from './passwords/password';
import type { SessionCookieSettings } from './sessions/sessionCookie';
import { SessionsService } from './sessions/sessions.service';
import { UsersService } from './users/users.service';
import type { RedisClient } from './limits/redisClient';

export interface AuthOptions extends AuthEnvConfig {
  knex: Knex;
  /** SECRETS_MASTER_KEYS, parsed (libs/crypto parseMasterKeys): client-secret hashes are keyed from them. */
  masterKeys: MasterKey[];
  /** Secure cookies: true in production, where the dashboard is served over HTTPS. */
  secureCookies: boolean;
  /** Password hashing cost; the default is the production setting, tests pass cheaper ones. */
  passwordScrypt?: ScryptParams;
  /** Brute-force limits (failed Basic auth, logins, sign-ups) in this Redis; none without it. */
  limits?: { redis: RedisClient; logger: Logger; config: FailedAuthConfig & PasswordLimitsConfig };
  /** Password hashes computed at once (PASSWORD_HASH_CONCURRENCY). */
  passwordHashConcurrency?: number;
}

export interface Auth extends Authenticators {
  clientCredentials: ClientCredentialsService;
  basic: BasicAuthenticator;
  sessions: SessionsService;
  users: UsersService;
  environments: EnvironmentsService;
  cookie: SessionCookieSettings;
}

/** Everything config-service needs for access: services and the authentication middlewares, sharing one cache. */
export function createAuth(options: AuthOptions): Auth {
  const { knex } = options;
  const clientCredentials = new ClientCredentialsService(knex, new ClientSecretHasher(options.masterKeys));
  const limits = options.limits;
  const basic = createBasicAuth(clientCredentials, {
    cacheMs: options.BASIC_AUTH_CACHE_SECONDS * 1000,
    ...(limits ? { failures: failedBasicAuthLimiter(limits.redis, limits.config, limits.logger) } : {}),
  });
  const ttlMs = Math.round(options.SESSION_TTL_HOURS * 3_600_000);
  const sessions = new SessionsService(knex, { ttlMs, idleMs: Math.round(options.SESSION_IDLE_MINUTES * 60_000) });
  const cookie: SessionCookieSettings = { secure: options.secureCookies, maxAgeMs: ttlMs };
  return {
    ...createAuthenticators({ basic, sessions, cookie }),
    clientCredentials,
    basic,
    sessions,
    users: new UsersService(knex, sessions, options.passwordScrypt, {
      ...(limits ? { limiters: passwordAttemptLimiters(limits.redis, limits.config, limits.logger) } : {}),
      ...(options.passwordHashConcurrency ? { hashConcurrency: options.passwordHashConcurrency } : {}),
    }),
    environments: new EnvironmentsService(knex, sessions),
    cookie,
  };
}

/**
 * Basic auth alone (the public API): `.middleware` is plain Express middleware setting
 * `res.locals.caller`; the whole object is a RouteAuth for libs/openapi route specs.
 */
export function basicAuth(knex: Knex, options: { masterKeys: MasterKey[]; cacheMs?: number }): RouteAuth {
  const basic = createBasicAuth(new ClientCredentialsService(knex, new ClientSecretHasher(options.masterKeys)), {
    cacheMs: options.cacheMs,
  });
  return { middleware: basic.middleware, security: () => [{ basicAuth: [] }], errorStatuses: () => [401] };
}
