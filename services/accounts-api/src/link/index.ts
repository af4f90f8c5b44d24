import type { Router } from 'express';
import type { AccountsService } from '@datasync/accounts';
import type { SecretBox } from '@datasync/crypto';
import type { Knex } from '@datasync/db';
import type { Logger } from '@datasync/logger';
import type { AnyRouteSpec } from '@datasync/openapi';
import type { ApiAuth } from '../edge/apiAuth';
import type { IdempotencyStore } from '../edge/idempotencyStore';
import { linkSessionRoutes } from '../routes/linkSessions';
import { linkSettings, type LinkEnv, type LinkSettings } from './linkEnv';
import { LinkPageService } from './linkPage.service';
import { linkRouter } from './linkRouter';
import { LinkSessionsService } from './linkSessions.service';
import { oauthConnectFor } from './oauthConnect';

export { linkEnv, type LinkEnv } from './linkEnv';

/** What the Link module needs from the process (services.ts builds it). */
export interface LinkDeps {
  knex: Knex;
  secretBox: SecretBox;
  settings: LinkSettings;
}

export function linkDeps(env: LinkEnv, deps: { knex: Knex; secretBox: SecretBox }): LinkDeps {
  return { ...deps, settings: linkSettings(env) };
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
    connect: (provider) => oauthConnectFor(provider, settings.connectUrls, settings.providerTimeoutMs),
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
