import express, { type Express, type RequestHandler, type Router } from 'express';
import { createHttpApp, finishHttpApp, type Readiness } from '@datasync/http';
import type { Logger } from '@datasync/logger';
import { mountRouteSpecs, openApiRoute, type AnyRouteSpec, type OpenApiDocument } from '@datasync/openapi';
import { buildApiDocument } from './docs/apiDocument';
import { createLink, type LinkDeps } from './link';
import { accountRoutes, type AccountRouteDeps } from './routes/accounts';
import { getDocs } from './routes/meta/getDocs';
import { webhookRouter, type WebhookDeps } from './webhooks/webhookRouter';
import { webhookEndpointRoutes, type WebhookEndpointRouteDeps } from './routes/webhookEndpoints';

export interface AccountsApiDeps extends AccountRouteDeps, WebhookEndpointRouteDeps {
  logger: Logger;
  readiness: Readiness;
  bodyLimit: string;
  /** Proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES): the address failed-auth limits count. */
  trustedProxies?: string[];
  link: LinkDeps;
  /** Provider webhooks into sources (docs/webhooks.md); not mounted when absent. */
  webhooks?: WebhookDeps;
  /** The HTTP metrics' middleware (libs/http createHttpMetrics); none when absent. */
  metrics?: RequestHandler;
}

/** Where the routers that mountRoutes does not mount answer: the HTTP metrics' route labels there. */
export const ACCOUNTS_API_ROUTE_PREFIXES = ['/link', '/webhooks'];

/** The public Accounts API (docs/accounts-api.md). Builds the app; never listens. */
export function createApp(deps: AccountsApiDeps): Express {
  const app = createHttpApp({
    logger: deps.logger,
    readiness: deps.readiness,
    bodyLimit: deps.bodyLimit,
    ...(deps.trustedProxies ? { trustedProxies: deps.trustedProxies } : {}),
    // A webhook's signature covers its exact bytes: its route reads them itself.
    rawBodyPrefixes: ['/webhooks/'],
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
    routePrefixes: ACCOUNTS_API_ROUTE_PREFIXES,
  });
  const { routes, linkPages } = apiRoutes(deps);
  // The hosted Link page answers in HTML, never the API's JSON (link/linkRouter.ts).
  app.use('/link', linkPages);
  if (deps.webhooks) app.use(webhookRouter(deps.webhooks));
  const router = express.Router();
  mountRouteSpecs(router, routes);
  app.use(router);
  return finishHttpApp(app, deps.logger);
}

/** What the documented routes need: the process's services, without the HTTP settings. */
export type ApiRouteDeps = AccountRouteDeps & WebhookEndpointRouteDeps & Pick<AccountsApiDeps, 'logger' | 'link'>;

/**
 * Every route of the JSON API, the Link pages' router, and the OpenAPI document the routes make
 * (served at /openapi.json, shown at /docs, and written to openapi.json by `npm run openapi`).
 */
export function apiRoutes(deps: ApiRouteDeps): { routes: AnyRouteSpec[]; linkPages: Router; document: () => OpenApiDocument } {
  const link = createLink({ ...deps.link, accounts: deps.accounts, auth: deps.auth, idempotency: deps.idempotency, logger: deps.logger });
  let document: OpenApiDocument | undefined;
  const documented = () => (document ??= buildApiDocument(routes));
  // /openapi.json and /docs are public: the contract is no secret, and tools fetch it anonymously.
  const routes: AnyRouteSpec[] = [
    ...accountRoutes(deps),
    ...webhookEndpointRoutes(deps),
    ...link.routes,
    openApiRoute(documented),
    getDocs(documented),
  ];
  return { routes, linkPages: link.pages, document: documented };
}
