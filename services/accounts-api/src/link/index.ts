import type { Router } from 'express';
import type { AccountsService } from '@datasync/accounts';
import { AttemptLimiter } from '@datasync/auth';
import type { SecretBox } from '@datasync/crypto';
import type { Knex } from '@datasync/db';
import type { Logger } from '@datasync/logger';
import { providerModule } from '@datasync/providers';
import type { AnyRouteSpec } from '@datasync/openapi';
import type { RedisConnection } from '@datasync/queue';
import type { ApiAuth } from '../edge/apiAuth';
import type { IdempotencyStore } from '../edge/idempotencyStore';
import { linkSessionRoutes } from '../routes/linkSessions';
import { linkSettings, type LinkEnv, type LinkSettings } from './linkEnv';
import { LinkPageService } from './linkPage.service';
import { linkRouter } from './linkRouter';
import { LinkSessionsService } from './linkSessions.service';

export { linkEnv, type LinkEnv } from './linkEnv';

/** What the Link module needs from the process (services.ts builds it). */
export interface LinkDeps {
  knex: Knex;
  secretBox: SecretBox;
  settings: LinkSettings;
  /** Refused keys per client address, across links (Redis, shared by every replica). */
  keyFailures: AttemptLimiter;
}

export function linkDeps(
  env: LinkEnv & { API_REDIS_PREFIX: string },
  deps: { knex: Knex; secretBox: SecretBox; redis: RedisConnection; logger: Logger },
): LinkDeps {
  const settings = linkSettings(env);
  const keyFailures = new AttemptLimiter(
    deps.redis,
    env.API_REDIS_PREFIX,
    {
      name: 'linkkey:address',
      windowMs: 3_600_000,
      max: settings.keyFailuresPerAddressPerHour,
      message: 'Too many keys were refused from this address. Retry after the number of seconds in Retry-After.',
    },
    deps.logger.child({ module: 'rate-limits' }),
  );
  return { knex: deps.knex, secretBox: deps.secretBox, settings, keyFailures };
}

/**
 * The hosted Link page (its router, mounted at /link) and the JSON endpoints that manage link
 * sessions. The page registers accounts through the app's own AccountsService, hooks included.
 */
export function createLink(deps: LinkDeps & { accounts: AccountsService; auth: ApiAuth; idempotency: IdempotencyStore; logger: Logger }): {
  routes: AnyRouteSpec[];
  pages: Router;
} {
  const { knex, secretBox, settings, accounts, logger } = deps;
  const page = new LinkPageService({
    knex,
    secretBox,
    accounts,
    keyAttempts: settings.keyAttempts,
    keyFailures: deps.keyFailures,
    connect: (provider) => {
      const baseUrl = settings.connectUrls[provider];
      const oauth = providerModule(provider).link.oauth;
      return oauth && baseUrl ? oauth.client(baseUrl, settings.providerTimeoutMs) : undefined;
    },
    logger: logger.child({ module: 'link' }),
  });
  return {
    routes: linkSessionRoutes({
      linkSessions: new LinkSessionsService(knex, settings),
      auth: deps.auth,
      idempotency: deps.idempotency,
      allowHttpLocalhost: settings.allowHttpLocalhost,
    }),
    pages: linkRouter({ page, settings, logger: logger.child({ module: 'link' }) }),
  };
}
