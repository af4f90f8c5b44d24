import { Joi } from '@datasync/config';
import { faultPatchSchema } from '../../kit';
import { issueTokens } from '../auth/tokenIssuer';
import { ACCESS_TOKEN_TTL_SECONDS } from '../auth/oauthModel';
import { hubspotErrors } from '../http/hubspotErrors';
import {
  createPortal,
  newPortalSchema,
  portalSettingsKeys,
  portalSettingsOf,
  validateAdmin,
  type NewPortalBody,
  type PortalSettingsBody,
} from '../portal/createPortal';
import type { HubspotState } from '../portal/hubspotState';
import type { HubspotRoute } from '../routes/hubspotRoute';
import { portalParam, portalView } from './adminParams';

const ADMIN = '/_emulator/hubspot';

/** `POST /_emulator/hubspot/portals`: a portal filled by the generator; 201 with its view (service key included). */
export function postPortalRoute(state: HubspotState): HubspotRoute {
  return {
    method: 'post',
    path: `${ADMIN}/portals`,
    handler: (req, res) => {
      const portal = createPortal(state, validateAdmin<NewPortalBody>(newPortalSchema, req.body));
      res.status(201).json(portalView(state, portal));
    },
  };
}

export function getPortalRoute(state: HubspotState): HubspotRoute {
  return {
    method: 'get',
    path: `${ADMIN}/portals/:portalId`,
    handler: (req, res) => void res.json(portalView(state, portalParam(state, req))),
  };
}

/** `POST …/portals/:portalId/settings`: limits, search lag and faults; null puts a default back. */
export function postPortalSettingsRoute(state: HubspotState): HubspotRoute {
  const schema = Joi.object(portalSettingsKeys).concat(faultPatchSchema);
  return {
    method: 'post',
    path: `${ADMIN}/portals/:portalId/settings`,
    handler: (req, res) => {
      const portal = portalParam(state, req);
      state.apply({ op: 'portal_settings', portalId: portal.id, ...portalSettingsOf(validateAdmin<PortalSettingsBody>(schema, req.body)) });
      res.json(portalView(state, portal));
    },
  };
}

/**
 * `POST …/portals/:portalId/clock` `{advance_seconds?, frozen?}`: moves the portal's clock forward,
 * and `frozen: true` holds it still (until `frozen: false`) so that a test never races real time.
 * Token expiry, the search lag, the rate windows and the daily reset all follow this clock.
 */
export function postPortalClockRoute(state: HubspotState): HubspotRoute {
  const schema = Joi.object({
    advance_seconds: Joi.number()
      .min(0)
      .max(10 * 365 * 86_400),
    frozen: Joi.boolean(),
  }).or('advance_seconds', 'frozen');
  return {
    method: 'post',
    path: `${ADMIN}/portals/:portalId/clock`,
    handler: (req, res) => {
      const portal = portalParam(state, req);
      const body = validateAdmin<{ advance_seconds?: number; frozen?: boolean }>(schema, req.body);
      if (body.frozen !== undefined && body.frozen !== (portal.frozenAt !== null)) {
        state.apply({ op: 'freeze_clock', portalId: portal.id, at: body.frozen ? portal.now() : null });
      }
      if (body.advance_seconds) state.apply({ op: 'advance_clock', portalId: portal.id, ms: Math.round(body.advance_seconds * 1000) });
      res.json({ now: portal.now(), frozen: portal.frozenAt !== null });
    },
  };
}

/** `GET`/`DELETE …/portals/:portalId/stats`: what the portal was served (the kit's counters). */
export function portalStatsRoutes(state: HubspotState): HubspotRoute[] {
  return [
    { method: 'get', path: `${ADMIN}/portals/:portalId/stats`, handler: (req, res) => void res.json(portalParam(state, req).stats) },
    {
      method: 'delete',
      path: `${ADMIN}/portals/:portalId/stats`,
      handler: (req, res) => {
        const portal = portalParam(state, req);
        portal.stats.reset();
        res.json(portal.stats);
      },
    },
  ];
}

/**
 * `POST …/portals/:portalId/install` `{client_id, scopes?}`: installs an app without the consent
 * page (tests and benchmarks); answers the tokens `/oauth/v1/token` would.
 * `POST …/portals/:portalId/uninstall` `{client_id}`: the app's refresh and access tokens for the
 * portal stop working (BAD_REFRESH_TOKEN, 401), as when a user uninstalls it.
 */
export function portalInstallRoutes(state: HubspotState): HubspotRoute[] {
  const schema = Joi.object({ client_id: Joi.string().required(), scopes: Joi.array().items(Joi.string()) });
  const appOf = (clientId: string) => {
    const app = state.app(clientId);
    if (!app) throw hubspotErrors.validation(`no app with client_id ${clientId}`);
    return app;
  };
  return [
    {
      method: 'post',
      path: `${ADMIN}/portals/:portalId/install`,
      handler: (req, res) => {
        const portal = portalParam(state, req);
        const body = validateAdmin<{ client_id: string; scopes?: string[] }>(schema, req.body);
        const app = appOf(body.client_id);
        const { access, refresh } = issueTokens(state, app, portal, body.scopes ?? app.scopes);
        res
          .status(201)
          .json({ token_type: 'bearer', access_token: access.token, refresh_token: refresh.token, expires_in: ACCESS_TOKEN_TTL_SECONDS });
      },
    },
    {
      method: 'post',
      path: `${ADMIN}/portals/:portalId/uninstall`,
      handler: (req, res) => {
        const portal = portalParam(state, req);
        const app = appOf(validateAdmin<{ client_id: string }>(schema, req.body).client_id);
        state.apply({ op: 'uninstall', portalId: portal.id, clientId: app.clientId });
        res.json(portalView(state, portal));
      },
    },
  ];
}
