import express, { type Router } from 'express';
import type { Logger } from '@datasync/logger';
import {
  getPortalRoute,
  portalInstallRoutes,
  portalStatsRoutes,
  postPortalClockRoute,
  postPortalRoute,
  postPortalSettingsRoute,
} from './admin/portalRoutes';
import { getWebhookDeliveriesRoute, postAppRoute, postAppWebhooksRoute } from './admin/appRoutes';
import { objectAdminRoutes, postAssociationRoute } from './admin/objectRoutes';
import { postPropertyRoute } from './admin/propertyRoutes';
import { holdRoutes } from './admin/holdRoute';
import { AuthorizationCodes } from './auth/authorizationCodes';
import { hubspotAuthenticate } from './http/hubspotAuthenticate';
import { hubspotErrorHandler, hubspotNotFound } from './http/hubspotErrorHandler';
import { hubspotFaults } from './http/hubspotFaults';
import { hubspotRateLimit } from './http/hubspotRateLimit';
import type { HubspotState } from './portal/hubspotState';
import { archiveObjectRoute } from './routes/archiveObject';
import { batchReadAssociationsRoute } from './routes/batchReadAssociations';
import { batchReadObjectsRoute } from './routes/batchReadObjects';
import { gdprDeleteRoute } from './routes/gdprDelete';
import { getAccountDetailsRoute } from './routes/getAccountDetails';
import { getObjectRoute } from './routes/getObject';
import type { HubspotRoute } from './routes/hubspotRoute';
import { listAssociationLabelsRoute } from './routes/listAssociationLabels';
import { listAssociationsRoute } from './routes/listAssociations';
import { listObjectsRoute } from './routes/listObjects';
import { listOwnersRoute } from './routes/listOwners';
import { listPropertiesRoute } from './routes/listProperties';
import { mergeObjectsRoute } from './routes/mergeObjects';
import { searchObjectsRoute } from './routes/searchObjects';
import { getAuthorizeRoute, postAuthorizeRoute } from './routes/oauth/authorize';
import { postTokenRoute } from './routes/oauth/postToken';
import { deleteRefreshTokenRoute, getAccessTokenRoute, getRefreshTokenRoute } from './routes/oauth/tokenInfo';

/** Where createHttpApp keeps a body it could not parse (answered here, in HubSpot's shape). */
const BODY_ERROR = 'bodyError';

/** Path prefixes HubSpot's API, its OAuth endpoints and the emulator's HubSpot admin live under. */
export const HUBSPOT_PREFIXES = ['/crm', '/account-info', '/oauth/v1', '/hubspot', '/_emulator/hubspot'];

function mount(router: Router, routes: HubspotRoute[]): void {
  for (const route of routes) router[route.method](route.path, route.handler);
}

/** A body createHttpApp could not parse (bad JSON, too large) becomes the request's error. */
const unreadableBody: express.RequestHandler = (_req, res, next) => next(res.locals[BODY_ERROR] as unknown);

/** `/crm/objects/2026-03/contacts/…` is the dated name of `/crm/v3/objects/contacts/…`: one model serves both. */
const datedPaths: express.RequestHandler = (req, _res, next) => {
  req.url = req.url.replace(/^\/crm\/objects\/\d{4}-\d{2}\//, '/crm/v3/objects/');
  next();
};

/**
 * HubSpot on the emulator's listener: the CRM API (bearer token → faults → HubSpot's rate limits
 * → route), OAuth v1, the install screen and the `/_emulator/hubspot` admin API, all answering
 * errors in HubSpot's shapes. Mounted before Stripe's routes; its paths do not overlap them.
 */
export function hubspotRouter(state: HubspotState, logger: Logger): Router {
  const router = express.Router();
  // Anything else is Stripe's (or nobody's): leave this router untouched.
  router.use((req, _res, next) =>
    next(HUBSPOT_PREFIXES.some((p) => req.path === p || req.path.startsWith(`${p}/`)) ? undefined : 'router'),
  );
  router.use(datedPaths);
  router.use(['/_emulator/hubspot', '/oauth/v1', '/hubspot'], unreadableBody);
  mount(router, [
    postPortalRoute(state),
    getPortalRoute(state),
    postPortalSettingsRoute(state),
    postPortalClockRoute(state),
    ...portalStatsRoutes(state),
    ...portalInstallRoutes(state),
    ...holdRoutes(state),
    ...objectAdminRoutes(state),
    postAssociationRoute(state),
    postPropertyRoute(state),
    postAppRoute(state),
    postAppWebhooksRoute(state),
    getWebhookDeliveriesRoute(state),
  ]);

  // OAuth v1 takes form bodies, as HubSpot's does.
  const codes = new AuthorizationCodes();
  router.use(['/oauth/v1', '/hubspot/oauth'], express.urlencoded({ extended: false, limit: '20kb' }));
  mount(router, [
    postTokenRoute(state, codes),
    getAccessTokenRoute(state),
    getRefreshTokenRoute(state),
    deleteRefreshTokenRoute(state),
    getAuthorizeRoute(state),
    postAuthorizeRoute(state, codes),
  ]);

  // Credentials first: a caller without valid ones gets its 401 whatever body it sent.
  router.use(['/crm', '/account-info'], hubspotAuthenticate(state), unreadableBody, hubspotFaults(state), hubspotRateLimit());
  mount(router, [
    getAccountDetailsRoute('/account-info/v3/details'),
    getAccountDetailsRoute('/account-info/2026-03/details'),
    listOwnersRoute(),
    listPropertiesRoute(),
    listAssociationLabelsRoute(),
    batchReadAssociationsRoute(),
    listAssociationsRoute(),
    batchReadObjectsRoute(),
    searchObjectsRoute(),
    mergeObjectsRoute(state),
    gdprDeleteRoute(state),
    listObjectsRoute(),
    getObjectRoute(),
    archiveObjectRoute(state),
  ]);

  router.use(hubspotNotFound);
  router.use(hubspotErrorHandler(logger));
  return router;
}
