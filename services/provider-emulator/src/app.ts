import express, { type Express } from 'express';
import { createHttpApp, mountRoutes, type Readiness, type RouteDefinition } from '@datasync/http';
import type { Logger } from '@datasync/logger';
import { authenticate } from './http/authenticate';
import { faultInjection } from './http/faultInjection';
import { saveBeforeAnswer } from './kit/http/saveBeforeAnswer';
import { stripeErrorHandler, unrecognizedUrl } from './http/stripeErrorHandler';
import { AuthorizationCodes } from './oauth/authorizationCodes';
import { deleteObjectRoute } from './routes/admin/deleteObject';
import { deleteStatsRoute } from './routes/admin/deleteStats';
import { getAccountRoute as getAdminAccountRoute } from './routes/admin/getAccount';
import { getAccountFaultsRoute } from './routes/admin/getAccountFaults';
import { getGlobalFaultsRoute } from './routes/admin/getGlobalFaults';
import { getStatsRoute } from './routes/admin/getStats';
import { postAccountRoute } from './routes/admin/postAccount';
import { postAccountBatchRoute } from './routes/admin/postAccountBatch';
import { postAccountFaultsRoute } from './routes/admin/postAccountFaults';
import { postAccountHoldRoute } from './routes/admin/postAccountHold';
import { postClockRoute } from './routes/admin/postClock';
import { postEventSettingsRoute } from './routes/admin/postEventSettings';
import { postGlobalFaultsRoute } from './routes/admin/postGlobalFaults';
import { postObjectRoute } from './routes/admin/postObject';
import { postObjectUpdateRoute } from './routes/admin/postObjectUpdate';
import { postTestClockRoute } from './routes/admin/postTestClock';
import { getWebhookDeliveriesRoute } from './routes/admin/getWebhookDeliveries';
import { postWebhookSettingsRoute } from './routes/admin/postWebhookSettings';
import { getAuthorizeRoute } from './routes/oauth/getAuthorize';
import { postAuthorizeRoute } from './routes/oauth/postAuthorize';
import { postDeauthorizeRoute } from './routes/oauth/postDeauthorize';
import { postTokenRoute } from './routes/oauth/postToken';
import { getAccountRoute } from './routes/v1/getAccount';
import { getAccountByIdRoute } from './routes/v1/getAccountById';
import { listChildrenRoutes } from './routes/v1/listChildren';
import { listEventsRoute } from './routes/v1/listEvents';
import { listObjectsRoutes } from './routes/v1/listObjects';
import { retrieveEventRoute } from './routes/v1/retrieveEvent';
import { retrieveObjectRoutes } from './routes/v1/retrieveObject';
import { testClockRoutes } from './routes/v1/testClocks';
import { deleteWebhookEndpointRoute } from './routes/v1/webhookEndpoints/deleteWebhookEndpoint';
import { listWebhookEndpointsRoute } from './routes/v1/webhookEndpoints/listWebhookEndpoints';
import { postWebhookEndpointRoute } from './routes/v1/webhookEndpoints/postWebhookEndpoint';
import type { EmulatorState } from './state/emulatorState';
import { hubspotRouter } from './hubspot/hubspotRouter';
import type { HubspotState } from './hubspot/portal/hubspotState';
import { createShopifyState } from './shopify/createShopifyState';
import { shopifyRouter } from './shopify/shopifyRouter';
import type { ShopifyState } from './shopify/shop/shopifyState';

export interface AppDeps {
  state: EmulatorState;
  logger: Logger;
  readiness: Readiness;
  /** Writes what changed to disk (EMULATOR_STATE_DIR); absent: the state lives in memory only. */
  saveState?: () => void;
  /** HubSpot's emulator, served on the same listener (its paths never overlap Stripe's); absent: not served. */
  hubspot?: HubspotState;
  /** Shopify's emulator (paths under /admin, /shops, /_emulator/shopify); absent: an empty one. */
  shopify?: ShopifyState;
}

function apiRoutes(state: EmulatorState): RouteDefinition[] {
  const retention = state.settings.eventRetentionDays;
  return [
    getAccountRoute(),
    getAccountByIdRoute(state),
    listEventsRoute(retention),
    retrieveEventRoute(retention),
    ...listChildrenRoutes(),
    ...testClockRoutes(),
    ...listObjectsRoutes(state),
    ...retrieveObjectRoutes(state),
  ];
}

// Specific paths before the `:resource` ones: Express matches in registration order.
function adminRoutes(state: EmulatorState): RouteDefinition[] {
  return [
    getGlobalFaultsRoute(state),
    postGlobalFaultsRoute(state),
    postAccountRoute(state),
    postAccountBatchRoute(state),
    getAdminAccountRoute(state),
    getStatsRoute(state),
    deleteStatsRoute(state),
    getAccountFaultsRoute(state),
    postAccountFaultsRoute(state),
    postAccountHoldRoute(state),
    postClockRoute(state),
    postEventSettingsRoute(state),
    postTestClockRoute(state),
    getWebhookDeliveriesRoute(state),
    postWebhookSettingsRoute(state),
    postObjectRoute(state),
    postObjectUpdateRoute(state),
    deleteObjectRoute(state),
  ];
}

/**
 * The emulator: Stripe's `/v1` read API (key, Stripe-Account, faults, then the route), the
 * `/_emulator` admin API (no auth: development and tests only), Connect OAuth under `/oauth`.
 * Every error answers in Stripe's nested format.
 */
export function createApp({ state, logger, readiness, saveState, hubspot, shopify }: AppDeps): Express {
  const app = createHttpApp({ logger, readiness, bodyLimit: '1mb' });
  if (saveState) app.use(saveBeforeAnswer(saveState));
  // Stripe clients send nested parameters form-style: created[gte]=…, types[0]=…, expand[]=….
  app.set('query parser', 'extended');
  if (hubspot) app.use(hubspotRouter(hubspot, logger));
  app.use(shopifyRouter(shopify ?? createShopifyState(), logger));

  app.use('/v1', authenticate(state), faultInjection(state));
  // Stripe's write endpoints take form bodies; mountRoutes would refuse them (415).
  const writes = express.Router();
  writes.use('/v1/webhook_endpoints', express.urlencoded({ extended: true, limit: '20kb' }));
  const webhookEndpoints = [postWebhookEndpointRoute(state), listWebhookEndpointsRoute(state), deleteWebhookEndpointRoute(state)];
  for (const route of webhookEndpoints) writes[route.method](route.path, ...route.handlers);
  app.use(writes);
  const api = express.Router();
  mountRoutes(api, apiRoutes(state));
  app.use(api);

  const admin = express.Router();
  mountRoutes(admin, adminRoutes(state));
  app.use(admin);

  // The Connect endpoints take form bodies, as Stripe's do; mountRoutes would refuse them (415).
  const codes = new AuthorizationCodes();
  const oauth = express.Router();
  oauth.use(express.urlencoded({ extended: false, limit: '20kb' }));
  for (const route of [
    getAuthorizeRoute(state),
    postAuthorizeRoute(state, codes),
    postTokenRoute(state, codes),
    postDeauthorizeRoute(state),
  ]) {
    oauth[route.method](route.path, ...route.handlers);
  }
  app.use(oauth);

  app.use(unrecognizedUrl);
  app.use(stripeErrorHandler(logger));
  return app;
}
