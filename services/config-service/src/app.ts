import express, { type Express, type RequestHandler } from 'express';
import type { AccountsService } from '@datasync/accounts';
import type { Auth } from '@datasync/auth';
import { authSecuritySchemes } from '@datasync/auth';
import { createHttpApp, finishHttpApp, type Readiness } from '@datasync/http';
import type { Logger } from '@datasync/logger';
import { buildOpenApiDocument, mountRouteSpecs, openApiRoute, type AnyRouteSpec, type OpenApiDocument } from '@datasync/openapi';
import { dashboardRouter } from './dashboard';
import { OPS_BASE, opsRouter, type OpsDashboard } from './ops';
import { accessRoutes } from './routes/access';
import { accountRoutes } from './routes/accounts';
import { resourceRoutes, type ResourceServices } from './routes/resourceRoutes';

export interface ConfigServiceDeps {
  logger: Logger;
  readiness: Readiness;
  bodyLimit: string;
  /** Proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES): the address sign-in limits count. */
  trustedProxies?: string[];
  auth: Auth;
  /** Destinations, sources, syncs, collections (routes/resourceRoutes.ts); their routes are mounted when given. */
  resources?: ResourceServices;
  /** libs/accounts: the Accounts tab's routes (routes/accounts) are mounted when given with `resources`. */
  accounts?: AccountsService;
  /** The operators' queue dashboard (ops/): mounted at /ops/queues when given. */
  ops?: OpsDashboard;
  /** The HTTP metrics' middleware (libs/http createHttpMetrics); none when absent. */
  metrics?: RequestHandler;
}

export const API_BASE = '/api/v1';

/** Where the routers that mountRoutes does not mount answer: the HTTP metrics' route labels there. */
export const CONFIG_SERVICE_ROUTE_PREFIXES = ['/dashboard', OPS_BASE];

/** The configuration API (destinations, sources, syncs, collections) and the dashboard. Builds the app; never listens. */
export function createApp(deps: ConfigServiceDeps): Express {
  const app = createHttpApp({
    logger: deps.logger,
    readiness: deps.readiness,
    bodyLimit: deps.bodyLimit,
    ...(deps.trustedProxies ? { trustedProxies: deps.trustedProxies } : {}),
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
    routePrefixes: CONFIG_SERVICE_ROUTE_PREFIXES,
  });
  const { routes } = apiRoutes(deps);
  const api = express.Router();
  mountRouteSpecs(api, routes);
  app.use(API_BASE, api);
  app.use(dashboardRouter());
  if (deps.ops) app.use(OPS_BASE, opsRouter(deps.auth, deps.ops));
  return finishHttpApp(app, deps.logger);
}

/**
 * Every route under /api/v1, /openapi.json included, and the OpenAPI document they make (written
 * to openapi.json by `npm run openapi`). The document is generated from the very route specs (and
 * joi schemas) that serve the API.
 */
export function apiRoutes(deps: Pick<ConfigServiceDeps, 'auth' | 'resources' | 'accounts'>): {
  routes: AnyRouteSpec[];
  document: () => OpenApiDocument;
} {
  const served: AnyRouteSpec[] = [
    ...accessRoutes(deps.auth),
    ...(deps.resources ? resourceRoutes(deps.auth.authenticate, deps.resources) : []),
    ...(deps.resources && deps.accounts
      ? accountRoutes(deps.auth.authenticate, { accounts: deps.accounts, syncs: deps.resources.syncs })
      : []),
  ];
  const document = (): OpenApiDocument =>
    buildOpenApiDocument({
      title: 'datasync configuration API',
      version: '1',
      description: 'Destinations, sources, syncs, collections and access, as the dashboard and API clients use them.',
      servers: [{ url: API_BASE }],
      securitySchemes: authSecuritySchemes,
      routes,
    });
  const routes: AnyRouteSpec[] = [...served, openApiRoute(document)];
  return { routes, document };
}
